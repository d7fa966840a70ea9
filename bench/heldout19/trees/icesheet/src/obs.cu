#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <vector>

#include <cuda_runtime.h>
#include <rmm/mr/host/pinned_memory_resource.hpp>

#include "icesheet/solver.hpp"

namespace icesheet {

__global__ void weight_kernel(double* d, const float* table, std::size_t n) {
  const std::size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double sig = d[2 * n + i];
  const double speed = sqrt(d[i] * d[i] + d[n + i] * d[n + i]);
  const int k = min(4095, static_cast<int>(speed));
  d[2 * n + i] = table[k] / (sig * sig + 1e-12);
}

const PinnedArray<float>& velocity_table() {
  static PinnedArray<float> table = [] {
    PinnedArray<float> t(4096);
    for (int i = 0; i < 4096; ++i) t[i] = std::log1p(static_cast<float>(i));
    return t;
  }();
  return table;
}

// Observations for this outer iteration, staged in mapped host memory so the weighting
// kernel reads them in place.
std::vector<double> stage_obs(const std::vector<double>& u, const std::vector<double>& v,
                              const std::vector<double>& sigma) {
  const std::size_t n = u.size();
  if (v.size() != n || sigma.size() != n) throw std::invalid_argument("stage_obs: size mismatch");
  const auto& tab = velocity_table();
  double* h = nullptr;
  if (cudaHostAlloc(reinterpret_cast<void**>(&h), 3 * n * sizeof(double), cudaHostAllocMapped) !=
      cudaSuccess) {
    throw std::runtime_error("stage_obs: host allocation failed");
  }
  std::memcpy(h, u.data(), n * sizeof(double));
  std::memcpy(h + n, v.data(), n * sizeof(double));
  std::memcpy(h + 2 * n, sigma.data(), n * sizeof(double));
  double* d = nullptr;
  float* tab_dev = nullptr;
  cudaHostGetDevicePointer(reinterpret_cast<void**>(&d), h, 0);
  cudaMalloc(&tab_dev, tab.size() * sizeof(float));
  cudaMemcpy(tab_dev, tab.data(), tab.size() * sizeof(float), cudaMemcpyHostToDevice);
  weight_kernel<<<(n + 255) / 256, 256>>>(d, tab_dev, n);
  cudaDeviceSynchronize();
  std::vector<double> w(h + 2 * n, h + 3 * n);
  cudaFree(tab_dev);
  cudaFreeHost(h);
  return w;
}

std::function<void(const State&)> make_residual_audit(std::size_t n) {
  return [n](const State& st) {
    rmm::mr::pinned_memory_resource mr;
    auto* h = static_cast<double*>(mr.allocate(n * sizeof(double)));
    double mx = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      h[i] = std::hypot(st.u[i], st.v[i]);
      mx = std::max(mx, h[i]);
    }
    std::fprintf(stderr, "[audit] it=%d res=%.3e max|u|=%.1f m/a\n", st.iteration, st.residual, mx);
    mr.deallocate(h, n * sizeof(double));
  };
}

}  // namespace icesheet
