/* Round-trip smoke test: an all-zero codeword with strong LLRs decodes to zeros. */
#include <assert.h>
#include <string.h>
#include "ldpc.h"
#include "phy_err.h"

int main(void) {
  ldpc_ctx_t* ctx = ldpc_ctx_create(0, 1u << 20, 1u << 20, 4, "tables");
  const size_t n = 66 * 384;
  int16_t* llr = NULL;
  PHY_DIE(cudaMallocHost((void**)&llr, n * sizeof(int16_t)));
  for (size_t i = 0; i < n; ++i) llr[i] = 100;
  uint8_t bits[1100];
  memset(bits, 0xff, sizeof(bits));
  phy_tb_t tb = {0};
  tb.tbs = 22 * 384 - 24;
  tb.bg = 1;
  tb.zc = 384;
  tb.n_cb = 1;
  tb.k = 22 * 384;
  tb.e = (uint32_t)n;
  tb.ndi = 1;
  tb.llr = llr;
  tb.bits = bits;
  int rc = ldpc_decode_tb(ctx, &tb);
  assert(rc == PHY_OK || rc == PHY_ECRC);
  for (size_t i = 0; i < tb.tbs / 8; ++i) assert(bits[i] == 0);
  cudaFreeHost(llr);
  ldpc_ctx_destroy(ctx);
  return 0;
}
