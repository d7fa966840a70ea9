#include <cstdio>
#include <cuda_runtime.h>

#define DOCK_CUDA(call)                                                        \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      return err_;                                                             \
    }                                                                          \
  } while (0)

namespace dock {

__global__ void rmsd_matrix(const float* xyz, int n, int atoms, float* out) {
  int i = blockIdx.x, j = threadIdx.x;
  if (i >= n || j >= n) return;
  float s = 0.f;
  for (int a = 0; a < 3 * atoms; ++a) {
    float d = xyz[i * 3 * atoms + a] - xyz[j * 3 * atoms + a];
    s += d * d;
  }
  out[i * n + j] = sqrtf(s / atoms);
}

// Greedy RMSD clustering of the final poses; labels[i] = representative index.
cudaError_t cluster_poses(const float* d_xyz, int n, int atoms, float cutoff, int* labels) {
  float* d_rmsd = nullptr;
  float* h_rmsd = nullptr;
  DOCK_CUDA(cudaMalloc(&d_rmsd, size_t(n) * n * sizeof(float)));
  DOCK_CUDA(cudaMallocHost(reinterpret_cast<void**>(&h_rmsd), size_t(n) * n * sizeof(float)));
  rmsd_matrix<<<n, n>>>(d_xyz, n, atoms, d_rmsd);
  DOCK_CUDA(cudaGetLastError());
  DOCK_CUDA(cudaMemcpy(h_rmsd, d_rmsd, size_t(n) * n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) labels[i] = -1;
  for (int i = 0; i < n; ++i) {
    if (labels[i] >= 0) continue;
    labels[i] = i;
    for (int j = i + 1; j < n; ++j)
      if (labels[j] < 0 && h_rmsd[i * n + j] < cutoff) labels[j] = i;
  }
  cudaFreeHost(h_rmsd);
  cudaFree(d_rmsd);
  return cudaSuccess;
}

}  // namespace dock
