#include <hip/hip_runtime.h>

#include "host_pinned.hpp"
#include "io.hpp"
#include "solver.hpp"

__global__ void gather_line(const double* u, double* out, int axis, int i0, int j0, int nx, int ny, int nz, int npts) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= npts) return;
  int x = i0, y = j0, z = k;
  if (axis == 0) { x = k; y = i0; z = j0; }
  if (axis == 1) { x = i0; y = k; z = j0; }
  const size_t n = static_cast<size_t>(nx) * ny * nz;
  const size_t c = (static_cast<size_t>(z) * ny + y) * nx + x;
  out[3 * k + 0] = u[c];
  out[3 * k + 1] = u[n + c];
  out[3 * k + 2] = u[2 * n + c];
}

void write_probes(Solver& s, const std::vector<Probe>& probes, std::ostream& out, int step) {
  const Grid& g = s.grid();
  for (const Probe& p : probes) {
    HostPinned<double> line(3 * p.npoints);
    double* d_line = nullptr;
    HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&d_line), line.size() * sizeof(double)));
    gather_line<<<(p.npoints + 127) / 128, 128>>>(s.device_velocity(), d_line, p.axis, p.i0, p.j0, g.nx, g.ny,
                                                 g.nz, static_cast<int>(p.npoints));
    HIP_CHECK(hipMemcpy(line.data(), d_line, line.size() * sizeof(double), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_line));
    out << step << ' ' << p.name;
    for (std::size_t i = 0; i < line.size(); ++i) out << ' ' << line[i];
    out << '\n';
  }
}
