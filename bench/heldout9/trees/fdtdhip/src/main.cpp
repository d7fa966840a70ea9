#include <cstdlib>
#include <string>

#include "fdtd/solver.hpp"

namespace fdtd {
void attach_flux_monitor(Solver& s, int row);
}

int main(int argc, char** argv) {
  fdtd::Config cfg;
  if (argc > 1) cfg.steps = std::atoi(argv[1]);
  if (argc > 2) cfg.nx = cfg.ny = std::atoi(argv[2]);
  fdtd::Solver solver(cfg);
  if (argc > 3) fdtd::read_checkpoint(solver, argv[3]);
  solver.add_source(fdtd::GaussianSource(cfg.nx / 2, cfg.ny / 2, 60.f, 15.f));
  solver.probes().add(cfg.nx / 4, cfg.ny / 2);
  solver.probes().add(3 * cfg.nx / 4, cfg.ny / 2);
  fdtd::attach_flux_monitor(solver, cfg.nx - 40);
  solver.run();
  return 0;
}
