// Decoder throughput: one pinned LLR block, decoded repeatedly.
#include <chrono>
#include <cstdio>
extern "C" {
#include "ldpc.h"
#include "phy_err.h"
}

int main(int argc, char** argv) {
  const int iters = argc > 1 ? atoi(argv[1]) : 1000;
  ldpc_ctx_t* ctx = ldpc_ctx_create(0, 16u << 20, 16u << 20, 8, "tables");
  const size_t n = (size_t)66 * 384 * 8;
  int16_t* llr = nullptr;
  PHY_DIE(cudaHostAlloc(reinterpret_cast<void**>(&llr), n * sizeof(int16_t), cudaHostAllocWriteCombined));
  for (size_t i = 0; i < n; ++i) llr[i] = (int16_t)((i * 37) % 200 - 60);
  static uint8_t bits[1 << 16];
  phy_tb_t tb{};
  tb.tbs = 8 * (22 * 384 - 24);
  tb.bg = 1;
  tb.zc = 384;
  tb.n_cb = 8;
  tb.k = 22 * 384;
  tb.e = 66 * 384;
  tb.llr = llr;
  tb.bits = bits;
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < iters; ++i) {
    tb.ndi = 1;
    ldpc_decode_tb(ctx, &tb);
  }
  auto t1 = std::chrono::steady_clock::now();
  const double s = std::chrono::duration<double>(t1 - t0).count();
  std::printf("%.1f Mbit/s\n", (double)tb.tbs * iters / s / 1e6);
  cudaFreeHost(llr);
  ldpc_ctx_destroy(ctx);
  return 0;
}
