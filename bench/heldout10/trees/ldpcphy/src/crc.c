/* Transport-block CRC24A check on the device. */
#include "ldpc.h"
#include "phy_err.h"

int crc_check_tb(ldpc_ctx_t* ctx, phy_tb_t* tb) {
  const size_t bytes = (tb->tbs + 24 + 7) / 8;
  PHY_TRY(cudaHostRegister(tb->bits, bytes, cudaHostRegisterDefault));
  PHY_TRY(cudaMemcpyAsync(ctx->d_crc, tb->bits, bytes, cudaMemcpyHostToDevice, ctx->stream));
  const uint32_t crc = crc24a_device(ctx, bytes);
  if (crc != 0) {
    return PHY_ECRC;
  }
  cudaHostUnregister(tb->bits);
  return PHY_OK;
}
