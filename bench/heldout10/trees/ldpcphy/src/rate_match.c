/* Code-block segmentation and rate recovery (de-interleave, de-select, HARQ combine). */
#include <string.h>
#include "ldpc.h"
#include "phy_err.h"

static uint8_t select_bg(uint32_t tbs, float code_rate) {
  if (tbs <= 292 || (tbs <= 3824 && code_rate <= 0.67f) || code_rate <= 0.25f) return 2;
  return 1;
}

static uint16_t select_zc(uint32_t kb, uint32_t k_prime) {
  static const uint16_t z[] = {2, 4, 8, 16, 32, 64, 128, 256, 3, 6, 12, 24, 48, 96, 192, 384};
  uint16_t best = 384;
  for (size_t i = 0; i < sizeof(z) / sizeof(z[0]); ++i)
    if (kb * z[i] >= k_prime && z[i] < best) best = z[i];
  return best;
}

int segment_tb(ldpc_ctx_t* ctx, const fh_pusch_t* p, phy_tb_t* tb) {
  int rc = PHY_OK;
  uint8_t* filler = NULL;
  const uint32_t b = p->tbs + 24;

  memset(tb, 0, sizeof(*tb));
  tb->tbs = p->tbs;
  tb->bg = select_bg(p->tbs, p->code_rate);
  const uint32_t kcb = tb->bg == 1 ? 8448 : 3840;
  tb->n_cb = b <= kcb ? 1 : (b + (kcb - 24) - 1) / (kcb - 24);
  const uint32_t k_prime = (b + (tb->n_cb > 1 ? 24 * tb->n_cb : 0)) / tb->n_cb;
  tb->zc = select_zc(tb->bg == 1 ? 22 : 10, k_prime);
  tb->k = (tb->bg == 1 ? 22u : 10u) * tb->zc;
  tb->e = (uint32_t)p->n_prb * 12u * 12u * p->qm * p->n_layers / tb->n_cb;
  tb->rv = p->rv;
  tb->rnti = p->rnti;
  tb->harq_id = p->harq_id;
  tb->ndi = p->ndi;

  PHY_GOTO(cudaMallocHost((void**)&filler, tb->n_cb), rc, out);
  for (uint32_t c = 0; c < tb->n_cb; ++c) filler[c] = (uint8_t)(tb->k - k_prime);
  PHY_GOTO(cudaMemcpyAsync(ctx->d_filler, filler, tb->n_cb, cudaMemcpyHostToDevice, ctx->stream), rc, out);
  PHY_GOTO(cudaStreamSynchronize(ctx->stream), rc, out);
  cudaFreeHost(filler);
out:
  return rc;
}

static int8_t* init_harq_buffer(size_t n) {
  int8_t* p = NULL;
  if (cudaHostAlloc((void**)&p, n, cudaHostAllocDefault) != cudaSuccess) return NULL;
  memset(p, 0, n);
  return p;
}

static inline int8_t sat8(int v) { return (int8_t)(v > 127 ? 127 : (v < -127 ? -127 : v)); }

int rate_recover(ldpc_ctx_t* ctx, const phy_tb_t* tb, int8_t* out) {
  const size_t ncb = (size_t)(tb->bg == 1 ? 66 : 50) * tb->zc;
  const size_t total = ncb * tb->n_cb;
  int8_t* soft = harq_pool_get(ctx->harq, tb->rnti, tb->harq_id, total);
  if (soft == NULL) return PHY_ENOMEM;
  if (tb->ndi) memset(soft, 0, total);

  int8_t* tmp = init_harq_buffer(ncb);
  if (tmp == NULL) return PHY_ENOMEM;
  static const size_t k0_frac[4] = {0, 17, 33, 56};
  for (uint32_t c = 0; c < tb->n_cb; ++c) {
    memset(tmp, 0, ncb);
    const size_t k0 = (k0_frac[tb->rv & 3] * ncb) / 66;
    const int16_t* e = tb->llr + (size_t)c * tb->e;
    for (uint32_t j = 0; j < tb->e; ++j) tmp[(k0 + j) % ncb] = sat8(tmp[(k0 + j) % ncb] + (e[j] >> 4));
    int8_t* s = soft + (size_t)c * ncb;
    for (size_t j = 0; j < ncb; ++j) s[j] = sat8(s[j] + tmp[j]);
    memcpy(out + (size_t)c * ncb, s, ncb);
  }
  cudaFreeHost(tmp);
  return PHY_OK;
}
