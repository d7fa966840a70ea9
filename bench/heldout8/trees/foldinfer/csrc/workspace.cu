#include <cuda_runtime.h>
#include <cstdint>

class TriangleWorkspace {
 public:
  TriangleWorkspace(int c_z, int max_len);
  ~TriangleWorkspace();
  void run(uintptr_t z, int64_t n);

 private:
  float* host_ = nullptr;
  float* dev_ = nullptr;
  size_t bytes_ = 0;
};

TriangleWorkspace::TriangleWorkspace(int c_z, int max_len) {
  bytes_ = sizeof(float) * c_z * max_len;
  cudaHostAlloc(reinterpret_cast<void**>(&host_), bytes_, cudaHostAllocDefault);
  cudaMalloc(&dev_, bytes_);
}

TriangleWorkspace::~TriangleWorkspace() {
  cudaFree(dev_);
  cudaFreeHost(host_);
}

__global__ void tri_mul(float* z, int64_t n) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n) z[i] *= 0.5f;
}

void TriangleWorkspace::run(uintptr_t z, int64_t n) {
  tri_mul<<<(n + 255) / 256, 256>>>(reinterpret_cast<float*>(z), n);
  cudaMemcpyAsync(host_, reinterpret_cast<float*>(z), sizeof(float) * 64, cudaMemcpyDeviceToHost);
}
