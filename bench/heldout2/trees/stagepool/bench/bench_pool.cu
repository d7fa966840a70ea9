// Pinned allocation cost: raw cudaMallocHost, HostBlock, and the staging pool.
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "stagepool/stagepool.h"

using clk = std::chrono::steady_clock;

template <class F>
static double time_us(int iters, F&& f) {
  auto t0 = clk::now();
  for (int i = 0; i < iters; ++i) f();
  return std::chrono::duration<double, std::micro>(clk::now() - t0).count() / iters;
}

int main(int argc, char** argv) {
  const std::size_t bytes = (argc > 1 ? std::atoi(argv[1]) : 4) * (1u << 20);
  const int iters = argc > 2 ? std::atoi(argv[2]) : 200;
  cudaFree(nullptr);  // create the context outside the timed region

  double raw = time_us(iters, [&] {
    void* p = nullptr;
    cudaMallocHost(&p, bytes);
    cudaFreeHost(p);
  });
  double block = time_us(iters, [&] {
    stagepool::HostBlock b(bytes);
    static_cast<volatile char*>(b.data())[0] = 1;
  });
  stagepool::StagingPool pool(4, bytes);
  double pooled = time_us(iters, [&] {
    auto* b = pool.acquire();
    pool.release(b);
  });
  std::printf("cudaMallocHost+free %10.1f us\nHostBlock           %10.1f us\npool                %10.3f us\n",
              raw, block, pooled);
  return 0;
}
