#include <mpi.h>
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "host_pinned.hpp"
#include "io.hpp"
#include "solver.hpp"

struct Config {
  Grid grid{256, 256, 256, 1.0 / 256};
  int nsteps = 20000;
  int probe_every = 50;
  double dt = 1e-3;
  std::string restart_in;
  std::string restart_out = "final.rst";
  std::string wisdom = "fft.wisdom";
  std::string probe_path = "probes.txt";
  std::vector<Probe> probes;
};

Config parse_args(int argc, char** argv);

static void taylor_green(double* u, const Grid& g) {
  const std::size_t n = std::size_t(g.nx) * g.ny * g.nz;
  for (int k = 0; k < g.nz; ++k)
    for (int j = 0; j < g.ny; ++j)
      for (int i = 0; i < g.nx; ++i) {
        const std::size_t c = (std::size_t(k) * g.ny + j) * g.nx + i;
        const double x = i * g.dx, y = j * g.dx, z = k * g.dx;
        u[c] = std::sin(x) * std::cos(y) * std::cos(z);
        u[n + c] = -std::cos(x) * std::sin(y) * std::cos(z);
        u[2 * n + c] = 0.0;
      }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  Kokkos::initialize(argc, argv);
  {
    const Config cfg = parse_args(argc, argv);
    std::vector<char> wisdom = load_wisdom(cfg.wisdom);
    Solver solver(cfg.grid, MPI_COMM_WORLD);
    if (!wisdom.empty()) solver.fft().attach_wisdom(wisdom);
    const std::size_t n3 = 3 * solver.cells();
    HostPinned<double> init_field(n3);
    bool cold = cfg.restart_in.empty();
    if (!cold) {
      try {
        read_restart(cfg.restart_in, solver.device_velocity(), n3);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "restart failed (%s); cold start\n", e.what());
        cold = true;
      }
    }
    if (cold) {
      taylor_green(init_field.data(), cfg.grid);
      HIP_CHECK(hipMemcpy(solver.device_velocity(), init_field.data(), n3 * sizeof(double), hipMemcpyHostToDevice));
    }
    std::ofstream probes_out(cfg.probe_path);
    for (int step = 0; step < cfg.nsteps; ++step) {
      solver.step(cfg.dt);
      if (step % cfg.probe_every == 0) write_probes(solver, cfg.probes, probes_out, step);
    }
    write_restart(cfg.restart_out, solver.device_velocity(), n3);
  }
  Kokkos::finalize();
  MPI_Finalize();
  return 0;
}
