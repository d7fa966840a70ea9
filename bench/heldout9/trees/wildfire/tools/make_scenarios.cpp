// One-shot: samples a Latin-hypercube scenario table and writes it as text.
#include <cstdio>
#include <random>

#include <cuda_runtime.h>

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 64;
  float* table = nullptr;
  if (cudaHostAlloc(reinterpret_cast<void**>(&table), size_t(n) * 2 * sizeof(float), cudaHostAllocDefault) !=
      cudaSuccess)
    return 1;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(0.f, 1.f);
  for (int i = 0; i < n; ++i) {
    table[2 * i] = 0.03f + 0.2f * (i + u(rng)) / n;
    table[2 * i + 1] = 2.f + 18.f * u(rng);
  }
  for (int i = 0; i < n; ++i) std::printf("sc%03d %.3f %.2f 720\n", i, table[2 * i], table[2 * i + 1]);
  cudaFreeHost(table);
  return 0;
}
