#include <chrono>
#include <cstdio>
#include <cuda.h>
#include <vector>

#include "gz/gz.h"

int main(int argc, char** argv) {
  const size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : (64u << 20);
  gz_context* ctx = gz_context_create(n);
  void* in = nullptr;
  cuMemAllocHost(&in, n);
  std::vector<char> out(n + n / 8);
  for (int rep = 0; rep < 5; ++rep) {
    auto t0 = std::chrono::steady_clock::now();
    int64_t m = gz_compress(ctx, in, n, out.data(), out.size());
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("rep %d: %lld bytes, %.2f GB/s\n", rep, static_cast<long long>(m), n / s / 1e9);
  }
  cuMemFreeHost(in);
  gz_context_destroy(ctx);
  return 0;
}
