#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include <Kokkos_Core.hpp>
#include <hip/hip_runtime.h>
#include "lqcd/lattice.hpp"

namespace lqcd {
class Hmc {
 public:
  Hmc(GaugeField& U, double beta, int md_steps);
  bool trajectory(int traj);
};
class HaloExchanger;
HaloExchanger* make_exchanger(const Lattice& lat);
double measure_plaquette(GaugeField& U);
std::vector<double> measure_correlators(const Lattice& lat, const double* d_prop);
int cg_solve(GaugeField& U, const double* d_src, double* d_x, double kappa, double tol, int max_iter);
int write_config(GaugeField& U, const char* path);
int write_propagator(const Lattice& lat, const double* d_prop, const char* path);
void ape_smear(GaugeField& U, int iters, double alpha);
}  // namespace lqcd

int main(int argc, char** argv) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  using namespace lqcd;
  Lattice lat{{16, 16, 16, 32}};
  GaugeField U(lat);
  if (argc > 1 && !U.read_ildg(argv[1])) {
    std::fprintf(stderr, "cannot read %s, starting cold\n", argv[1]);
  }
  U.upload();
  make_exchanger(lat);
  Hmc hmc(U, 6.0, 20);
  const int n = static_cast<int>(lat.volume() * 24);
  double *d_src = nullptr, *d_prop = nullptr;
  (void)hipMalloc(&d_src, n * sizeof(double));
  (void)hipMalloc(&d_prop, n * sizeof(double));
  for (int traj = 0; traj < 1000; ++traj) {
    bool acc = hmc.trajectory(traj);
    std::printf("traj %d accepted %d plaq %.6f\n", traj, acc, measure_plaquette(U));
    if (traj % 50 == 49) {
      int iters = cg_solve(U, d_src, d_prop, 0.1375, 1e-10, 5000);
      std::vector<double> c = measure_correlators(lat, d_prop);
      std::printf("cg %d iters, C(1)=%g\n", iters, c[1]);
      write_propagator(lat, d_prop, ("prop_" + std::to_string(traj) + ".bin").c_str());
    }
  }
  ape_smear(U, 10, 0.5);
  write_config(U, "cfg_final_smeared.bin");
  (void)hipFree(d_src);
  (void)hipFree(d_prop);
  return 0;
}
