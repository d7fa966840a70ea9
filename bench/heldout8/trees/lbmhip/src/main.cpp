#include <Kokkos_Core.hpp>
#include <cstdio>

#include "lbm/lattice.hpp"

namespace lbm {
int write_vtk(Lattice& lat, int step);
int write_checkpoint(Lattice& lat, int step);
int load_geometry(const Params& p, unsigned char** mask_out);
float* load_stl(const std::string& path, size_t* ntri);
class Probes;
Probes* make_probes(const Params& p);
void sample_probes(Probes* pr, Lattice& lat, int step);
class RestartPool;
RestartPool* make_restart_pool(const Params& p);
void restart_snapshot(RestartPool* pool, Lattice& lat, int step);
}  // namespace lbm

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    lbm::Params p = lbm::parse_args(argc, argv);
    unsigned char* mask = nullptr;
    if (lbm::load_geometry(p, &mask) != 0) return 1;
    size_t ntri = 0;
    float* tris = lbm::load_stl("geom/body.stl", &ntri);
    (void)tris;
    lbm::Lattice lat(p);
    lbm::Boundary inlet(lat);
    lbm::Diagnostics diag(p);
    lbm::Probes* probes = lbm::make_probes(p);
    double vort_sum = 0.0;
    lbm::RestartPool* pool = lbm::make_restart_pool(p);
    for (int step = 0; step < p.steps; ++step) {
      inlet.apply_inlet(step);
      lat.collide_stream(step);
      lat.exchange_halo();
      lbm::sample_probes(probes, lat, step);
      vort_sum += diag.vorticity(lat, step);
      if (step % p.vtk_every == 0) {
        lbm::write_vtk(lat, step);
        std::printf("step %d mean vorticity %g\n", step, vort_sum / (step + 1));
      }
      if (step % p.ckpt_every == 0) lbm::restart_snapshot(pool, lat, step);
    }
    lbm::write_checkpoint(lat, p.steps);
    delete pool;
  }
  Kokkos::finalize();
  return 0;
}
