#include <chrono>
#include <cstdio>
#include <hip/hip_runtime.h>

int main() {
  const size_t bytes = size_t(512) * 256 * 9 * sizeof(double);
  double* d = nullptr;
  (void)hipMalloc(&d, bytes);
  for (int rep = 0; rep < 10; ++rep) {
    double* h = nullptr;
    (void)hipHostMalloc(reinterpret_cast<void**>(&h), bytes, hipHostMallocDefault);
    auto t0 = std::chrono::steady_clock::now();
    (void)hipMemcpy(d, h, bytes, hipMemcpyHostToDevice);
    auto t1 = std::chrono::steady_clock::now();
    std::printf("%.3f GB/s\n", bytes / std::chrono::duration<double>(t1 - t0).count() / 1e9);
    (void)hipHostFree(h);
  }
  (void)hipFree(d);
  return 0;
}
