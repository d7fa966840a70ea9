#include <chrono>
#include <cstdio>
#include <cuda_runtime.h>

// Measures H2D bandwidth from a page-locked staging area sized like one docking batch.
int main(int argc, char** argv) {
  const size_t bytes = size_t(2048) * 9 * 64 * 3 * sizeof(float);
  float* h = nullptr;
  float* d = nullptr;
  cudaMallocHost(reinterpret_cast<void**>(&h), bytes);
  cudaMalloc(&d, bytes);
  auto t0 = std::chrono::steady_clock::now();
  for (int rep = 0; rep < 100; ++rep) cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
  cudaDeviceSynchronize();
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%.2f GB/s\n", 100.0 * bytes / s / 1e9);
  cudaFree(d);
  cudaFreeHost(h);
  return 0;
}
