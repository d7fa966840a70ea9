#include <curand_kernel.h>
#include <rmm/mr/pinned_memory_resource.hpp>
#include <vector>
#include "orekrige/estimator.hpp"

namespace orekrige {

__global__ void sgs_path(float* nodes, std::size_t n, unsigned long long seed) {
  std::size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  curandState st;
  curand_init(seed, i, 0, &st);
  nodes[i] = curand_normal(&st);
}

// Sequential Gaussian simulation: one realization of the grade field per iteration.
std::vector<float> simulate(const Samples& conditioning, int n_realizations, std::size_t n_nodes) {
  std::vector<float> etype(n_nodes, 0.f);
  float* d_nodes = nullptr;
  cudaMalloc(&d_nodes, n_nodes * sizeof(float));
  for (int r = 0; r < n_realizations; ++r) {
    rmm::mr::pinned_memory_resource mr;
    auto* host = static_cast<float*>(mr.allocate(n_nodes * sizeof(float)));
    sgs_path<<<(n_nodes + 255) / 256, 256>>>(d_nodes, n_nodes, 1234ull + r);
    cudaMemcpy(host, d_nodes, n_nodes * sizeof(float), cudaMemcpyDeviceToHost);
    for (std::size_t i = 0; i < n_nodes; ++i) etype[i] += host[i] / n_realizations;
    mr.deallocate(host, n_nodes * sizeof(float));
  }
  cudaFree(d_nodes);
  (void)conditioning;
  return etype;
}

}  // namespace orekrige
