#include <cuda_runtime.h>
#include <torch/extension.h>
#include <tuple>

#include "grid.h"

__global__ void march_kernel(const float* o, const float* d, const uint8_t* bits, int res, int n, int max_s,
                             float* pts, float* deltas, int* counts) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n) return;
  int c = 0;
  for (int s = 0; s < max_s; ++s) {
    float t = 0.02f * s;
    float x = o[3 * r] + t * d[3 * r], y = o[3 * r + 1] + t * d[3 * r + 1], z = o[3 * r + 2] + t * d[3 * r + 2];
    int ix = min(res - 1, max(0, int((x + 1.5f) / 3.f * res)));
    int iy = min(res - 1, max(0, int((y + 1.5f) / 3.f * res)));
    int iz = min(res - 1, max(0, int((z + 1.5f) / 3.f * res)));
    if (!bits[(ix * res + iy) * res + iz]) continue;
    int k = r * max_s + c++;
    pts[3 * k] = x; pts[3 * k + 1] = y; pts[3 * k + 2] = z;
    deltas[k] = 0.02f;
  }
  counts[r] = c;
}

std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> march_rays(torch::Tensor origins, torch::Tensor dirs,
                                                                  std::uintptr_t grid, int64_t max_samples) {
  const int n = origins.size(0);
  auto opts = origins.options();
  auto pts = torch::zeros({n * max_samples, 3}, opts);
  auto deltas = torch::zeros({n * max_samples}, opts);
  auto counts = torch::empty({n}, opts.dtype(torch::kInt32));
  march_kernel<<<(n + 255) / 256, 256>>>(origins.data_ptr<float>(), dirs.data_ptr<float>(),
                                         reinterpret_cast<const uint8_t*>(grid), 128, n, max_samples,
                                         pts.data_ptr<float>(), deltas.data_ptr<float>(), counts.data_ptr<int>());
  auto counts_host = at::empty({n}, at::TensorOptions().dtype(at::kInt).pinned_memory(true));
  counts_host.copy_(counts, /*non_blocking=*/true);
  return {pts, deltas, counts_host};
}

void log_grad_norms(torch::Tensor norms, torch::Tensor counts) {
  TORCH_CHECK(norms.is_pinned(), "norms must be page-locked");
}

OccupancyGrid::OccupancyGrid(int res, float bound) : res_(res), bound_(bound) {
  const size_t cells = size_t(res) * res * res;
  cudaMalloc(&d_bits_, cells);
  cudaMemset(d_bits_, 1, cells);
  cudaMallocHost(reinterpret_cast<void**>(&h_density_), cells * sizeof(float));
}

OccupancyGrid::~OccupancyGrid() {
  cudaFree(d_bits_);
  cudaFreeHost(h_density_);
}

void OccupancyGrid::update(pybind11::object model) {
  const size_t cells = size_t(res_) * res_ * res_;
  for (size_t i = 0; i < cells; ++i) h_density_[i] *= 0.95f;
}

void OccupancyGrid::load(torch::Tensor bits) {
  cudaMemcpy(d_bits_, bits.data_ptr(), bits.numel(), cudaMemcpyHostToDevice);
}
