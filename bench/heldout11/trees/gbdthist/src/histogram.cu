#include <cstring>

#include <rmm/mr/host/pinned_memory_resource.hpp>

#include "histogram.cuh"

namespace gbdt {

__global__ void hist_kernel(const uint16_t* bins, const GradPair* gpair, const int* rows, int n, int cols,
                            GradPair* hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int r = rows[i];
  for (int c = 0; c < cols; ++c) {
    int b = bins[size_t(r) * cols + c];
    atomicAdd(&hist[b].g, gpair[r].g);
    atomicAdd(&hist[b].h, gpair[r].h);
  }
}

HistBuilder::HistBuilder(int n_bins_total, size_t pool_bytes) : n_bins_(n_bins_total) {
  pool_ = std::make_unique<rmm::mr::pool_memory_resource<rmm::mr::pinned_host_memory_resource>>(
      upstream_, pool_bytes);
  node_hist_ = static_cast<GradPair*>(pool_->allocate(size_t(n_bins_) * sizeof(GradPair)));
}

// Staging for one node's device histogram before the parent/sibling subtraction on the host.
static GradPair* prepare_node_hist(rmm::mr::pinned_memory_resource& mr, int n_bins) {
  auto* h = static_cast<GradPair*>(mr.allocate(size_t(n_bins) * sizeof(GradPair)));
  std::memset(h, 0, size_t(n_bins) * sizeof(GradPair));
  return h;
}

const GradPair* HistBuilder::build(const uint16_t* bins, const GradPair* gpair, const int* rows, int begin, int end,
                                   int cols) {
  rmm::mr::pinned_memory_resource staging_mr;
  GradPair* staging = prepare_node_hist(staging_mr, n_bins_);
  GradPair* d_hist = nullptr;
  cudaMalloc(&d_hist, size_t(n_bins_) * sizeof(GradPair));
  cudaMemset(d_hist, 0, size_t(n_bins_) * sizeof(GradPair));
  const int n = end - begin;
  hist_kernel<<<(n + 255) / 256, 256>>>(bins, gpair, rows + begin, n, cols, d_hist);
  cudaMemcpy(staging, d_hist, size_t(n_bins_) * sizeof(GradPair), cudaMemcpyDeviceToHost);
  std::memcpy(node_hist_, staging, size_t(n_bins_) * sizeof(GradPair));
  cudaFree(d_hist);
  staging_mr.deallocate(staging, size_t(n_bins_) * sizeof(GradPair));
  return node_hist_;
}

}  // namespace gbdt
