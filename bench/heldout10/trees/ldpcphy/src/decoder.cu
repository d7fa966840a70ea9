// Layered min-sum LDPC decoder, LLR demapper and CRC kernels.
#include <string.h>
extern "C" {
#include "ldpc.h"
#include "phy_err.h"
}

__global__ void ldpc_layered_minsum(const int8_t* llr, uint8_t* bits, uint32_t* synd, int zc,
                                    int n_cols, int max_iter) {
  extern __shared__ int8_t app[];
  const int cb = blockIdx.x;
  const int t = threadIdx.x;
  for (int c = t; c < n_cols * zc; c += blockDim.x) app[c] = llr[(size_t)cb * n_cols * zc + c];
  __syncthreads();
  uint32_t unsat = 0;
  for (int it = 0; it < max_iter; ++it) {
    unsat = 0;
    for (int c = t; c < n_cols * zc; c += blockDim.x) {
      int8_t v = app[c];
      int8_t w = app[(c + zc) % (n_cols * zc)];
      int8_t m = (abs(v) < abs(w)) ? v : w;
      app[c] = (int8_t)max(-127, min(127, v + (m >> 2)));
      unsat += (v ^ w) < 0;
    }
    __syncthreads();
  }
  for (int c = t; c < n_cols * zc; c += blockDim.x) bits[(size_t)cb * n_cols * zc + c] = app[c] < 0;
  if (t == 0) synd[cb] = unsat;
}

__global__ void demap_qam(const short2* iq, const float* scale, int16_t* llr, int n_re, int qm) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n_re) return;
  short2 y = iq[i];
  float s = scale[i / 12];
  for (int b = 0; b < qm; ++b) {
    float v = (b & 1) ? (float)y.y : (float)y.x;
    llr[i * qm + b] = (int16_t)(v * s * (float)(1 << (b >> 1)));
  }
}

__global__ void crc24a(const uint8_t* bytes, size_t n, uint32_t* out) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  uint32_t crc = 0;
  for (size_t i = 0; i < n; ++i) {
    crc ^= (uint32_t)bytes[i] << 16;
    for (int k = 0; k < 8; ++k) crc = (crc & 0x800000) ? ((crc << 1) ^ 0x864CFB) : (crc << 1);
  }
  *out = crc & 0xFFFFFF;
}

extern "C" int demap_launch(ldpc_ctx_t* ctx, const fh_pusch_t* p, const float* scale, int16_t* llr_out) {
  const int n_re = p->n_prb * 12 * 12;
  demap_qam<<<(n_re + 255) / 256, 256, 0, ctx->stream>>>(
      reinterpret_cast<const short2*>(p->iq), scale, reinterpret_cast<int16_t*>(ctx->d_llr), n_re, p->qm);
  cudaMemcpyAsync(llr_out, ctx->d_llr, (size_t)n_re * p->qm * sizeof(int16_t), cudaMemcpyDeviceToHost, ctx->stream);
  return cudaStreamSynchronize(ctx->stream) == cudaSuccess ? PHY_OK : PHY_ECUDA;
}

extern "C" uint32_t crc24a_device(ldpc_ctx_t* ctx, size_t bytes) {
  uint32_t* d_out = reinterpret_cast<uint32_t*>(ctx->d_synd) + 255;
  crc24a<<<1, 32, 0, ctx->stream>>>(ctx->d_crc, bytes, d_out);
  uint32_t crc = 0;
  cudaMemcpyAsync(&crc, d_out, sizeof(crc), cudaMemcpyDeviceToHost, ctx->stream);
  cudaStreamSynchronize(ctx->stream);
  return crc;
}

// Counts code blocks whose last iteration still had unsatisfied checks.
static int collect_syndromes(ldpc_ctx_t* ctx, const phy_tb_t* tb, uint32_t* failed_cbs) {
  uint32_t* synd = nullptr;
  PHY_TRY_DRV(cuMemAllocHost(reinterpret_cast<void**>(&synd), tb->n_cb * sizeof(uint32_t)));
  cudaMemcpyAsync(synd, ctx->d_synd, tb->n_cb * sizeof(uint32_t), cudaMemcpyDeviceToHost, ctx->stream);
  cudaStreamSynchronize(ctx->stream);
  uint32_t bad = 0;
  for (uint32_t c = 0; c < tb->n_cb; ++c) bad += synd[c] != 0;
  cuMemFreeHost(synd);
  *failed_cbs = bad;
  return PHY_OK;
}

extern "C" int ldpc_decode_tb(ldpc_ctx_t* ctx, phy_tb_t* tb) {
  const int n_cols = tb->bg == 1 ? 66 : 50;
  const size_t n_llr = (size_t)n_cols * tb->zc * tb->n_cb;
  if (n_llr > ctx->max_llr || n_llr > ctx->max_bits) return PHY_EIO;
  int rc = rate_recover(ctx, tb, ctx->h_llr);
  if (rc != PHY_OK) return rc;
  PHY_TRY(cudaMemcpyAsync(ctx->d_llr, ctx->h_llr, n_llr, cudaMemcpyHostToDevice, ctx->stream));
  ldpc_layered_minsum<<<tb->n_cb, 256, n_cols * tb->zc, ctx->stream>>>(
      ctx->d_llr, ctx->d_bits, ctx->d_synd, tb->zc, n_cols, ctx->max_iter);
  PHY_TRY(cudaMemcpyAsync(ctx->h_bits, ctx->d_bits, n_llr, cudaMemcpyDeviceToHost, ctx->stream));
  uint32_t failed = 0;
  rc = collect_syndromes(ctx, tb, &failed);
  if (rc != PHY_OK) return rc;
  for (uint32_t i = 0; i < tb->tbs / 8; ++i) {
    uint8_t byte = 0;
    for (int k = 0; k < 8; ++k) byte = (uint8_t)((byte << 1) | ctx->h_bits[i * 8 + k]);
    tb->bits[i] = byte;
  }
  if (failed) return PHY_ECRC;
  return crc_check_tb(ctx, tb);
}
