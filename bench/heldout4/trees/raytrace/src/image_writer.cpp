#include <cuda_runtime.h>

#include <cstdio>
#include <string>

// Portable float map of the raw accumulation buffer (written on exit or on demand).
bool write_pfm(const std::string& path, const float* d_img, int w, int h) {
  const std::size_t n = static_cast<std::size_t>(w) * h * 4;
  float* host = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&host), n * sizeof(float)) != cudaSuccess) return false;
  if (cudaMemcpy(host, d_img, n * sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess) {
    cudaFreeHost(host);
    return false;
  }
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  std::fprintf(f, "PF\n%d %d\n-1.0\n", w, h);
  for (int y = h - 1; y >= 0; --y)
    for (int x = 0; x < w; ++x) std::fwrite(host + 4 * (static_cast<std::size_t>(y) * w + x), sizeof(float), 3, f);
  std::fclose(f);
  cudaFreeHost(host);
  return true;
}
