// PSF convolution throughput on one grid.
#include <chrono>
#include <cstdio>
#include "ebl/check.hpp"
#include "ebl/tile_engine.hpp"

int main() {
  ebl::PecConfig cfg;
  ebl::PsfKernel psf(cfg);
  const size_t n = static_cast<size_t>(cfg.grid) * cfg.grid;
  float* h_in = nullptr;
  EBL_CUDA(cudaMallocHost(&h_in, n * sizeof(float)));
  for (size_t i = 0; i < n; ++i) h_in[i] = (i % 97) < 40 ? 1.f : 0.f;
  float *d_in = nullptr, *d_out = nullptr;
  EBL_CUDA(cudaMalloc(&d_in, n * sizeof(float)));
  EBL_CUDA(cudaMalloc(&d_out, n * sizeof(float)));
  EBL_CUDA(cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice));
  const int reps = 200;
  auto t0 = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r) psf.convolve(d_in, d_out, nullptr);
  EBL_CUDA(cudaDeviceSynchronize());
  auto t1 = std::chrono::steady_clock::now();
  std::printf("%.3f ms per convolution\n", std::chrono::duration<double, std::milli>(t1 - t0).count() / reps);
  cudaFreeHost(h_in);
  return 0;
}
