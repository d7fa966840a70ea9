#include <Kokkos_Core.hpp>
#include <Kokkos_Random.hpp>
#include "lqcd/kokkos_types.hpp"
#include "lqcd/lattice.hpp"

namespace lqcd {

class Hmc {
 public:
  Hmc(GaugeField& U, double beta, int md_steps)
      : U_(U), beta_(beta), md_steps_(md_steps), plaq_h_("plaq_history", 4096) {}
  bool trajectory(int traj);

 private:
  GaugeField& U_;
  double beta_;
  int md_steps_;
  PinnedScalars plaq_h_;
  Kokkos::Random_XorShift64_Pool<> rng_{12345};
};

bool Hmc::trajectory(int traj) {
  const std::size_t n = U_.lattice().volume() * 4 * 8;
  Kokkos::View<double*, Kokkos::HIPHostPinnedSpace> mom_h("momenta_host", n);
  DevField mom("momenta", n);
  Kokkos::fill_random(mom, rng_, 1.0);
  Kokkos::deep_copy(mom_h, mom);
  double kinetic = 0.0;
  for (std::size_t i = 0; i < n; ++i) kinetic += 0.5 * mom_h(i) * mom_h(i);
  for (int s = 0; s < md_steps_; ++s) {
    // leapfrog update of U and mom on the device (omitted)
  }
  const double dH = 1e-3 * kinetic / n;
  plaq_h_(traj % 4096) = dH;
  return dH < 1.0;
}

}  // namespace lqcd
