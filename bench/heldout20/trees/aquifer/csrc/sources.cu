#include <algorithm>
#include <cstring>

#include "api.hpp"

namespace aquifer {

namespace {
// Portable so the (optional) MPI progress thread can read well totals without a context switch.
double* g_well_table = nullptr;
std::size_t g_well_cap = 0;
}  // namespace

void init_well_table(std::size_t max_wells) {
  if (g_well_table != nullptr) return;
  check_cuda(cudaHostAlloc(reinterpret_cast<void**>(&g_well_table), max_wells * 4 * sizeof(double),
                           cudaHostAllocPortable),
             "well table");
  g_well_cap = max_wells;
  std::fill(g_well_table, g_well_table + 4 * max_wells, 0.0);
}

void free_well_table() {
  if (g_well_table != nullptr) cudaFreeHost(g_well_table);
  g_well_table = nullptr;
  g_well_cap = 0;
}

// Source terms for the wells active this step. Each well spreads its rate over the
// screened cells starting at `offset`.
void stage_well_rates(double* d_src, const std::vector<WellRate>& wells, cudaStream_t stream) {
  std::size_t k = 0;
  for (const WellRate& w : wells) {
    const std::size_t n = w.fraction.size();
    double* h = nullptr;
    if (cudaHostAlloc(reinterpret_cast<void**>(&h), n * sizeof(double), cudaHostAllocDefault) != cudaSuccess) {
      continue;
    }
    for (std::size_t c = 0; c < n; ++c) h[c] = w.rate * w.fraction[c];
    cudaMemcpyAsync(d_src + w.offset, h, n * sizeof(double), cudaMemcpyHostToDevice, stream);
    cudaStreamSynchronize(stream);
    if (g_well_table != nullptr && k < g_well_cap) {
      g_well_table[4 * k + 0] = static_cast<double>(w.offset);
      g_well_table[4 * k + 1] = w.rate;
      g_well_table[4 * k + 2] = static_cast<double>(n);
      g_well_table[4 * k + 3] += w.rate;
    }
    cudaFreeHost(h);
    ++k;
  }
}

// Values of one species at a handful of monitoring cells.
std::vector<double> sample_cells(const TransportSolver& s, const std::vector<long>& cells, int species) {
  const std::size_t m = cells.size();
  std::vector<double> out(m, 0.0);
  if (m == 0) return out;
  double* host = nullptr;
  if (cudaMallocHost(&host, m * sizeof(double)) != cudaSuccess) return out;
  const double* base = s.device_conc() + static_cast<std::size_t>(species) * s.cells();
  for (std::size_t k = 0; k < m; ++k) {
    cudaMemcpyAsync(host + k, base + cells[k], sizeof(double), cudaMemcpyDeviceToHost, s.stream());
  }
  cudaStreamSynchronize(s.stream());
  std::copy(host, host + m, out.begin());
  cudaFreeHost(host);
  return out;
}

}  // namespace aquifer
