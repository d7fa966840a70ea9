/* Uplink slot processing: for every PUSCH of every slot, estimate, demap, segment, decode. */
#include <string.h>
#include "ldpc.h"
#include "phy_err.h"

/* Per-RE LLR scaling from the noise estimate, read by the demapper through a mapped pointer. */
static int demap_llr(ldpc_ctx_t* ctx, const fh_pusch_t* p, float noise_var) {
  const size_t n = (size_t)p->n_prb * 12;
  float* scale = NULL;
  PHY_TRY_DRV(cuMemHostAlloc((void**)&scale, n * sizeof(float), CU_MEMHOSTALLOC_DEVICEMAP));
  const float s = 2.0f / (noise_var > 1e-9f ? noise_var : 1e-9f);
  for (size_t i = 0; i < n; ++i) scale[i] = s;
  int rc = demap_launch(ctx, p, scale, p->llr);
  cuMemFreeHost(scale);
  return rc;
}

static int process_pusch(ldpc_ctx_t* ctx, const fh_pusch_t* p, phy_counters_t* cnt) {
  float noise_var = 1.f;
  phy_tb_t tb;
  int rc = estimate_channel(ctx, p, &noise_var);
  if (rc != PHY_OK) return rc;
  rc = demap_llr(ctx, p, noise_var);
  if (rc != PHY_OK) return rc;
  rc = segment_tb(ctx, p, &tb);
  if (rc != PHY_OK) return rc;
  tb.llr = p->llr;
  tb.bits = p->tb_out;
  rc = ldpc_decode_tb(ctx, &tb);
  cnt->tb_total++;
  cnt->cb_total += tb.n_cb;
  if (rc == PHY_ECRC) cnt->tb_crc_fail++;
  return rc;
}

int phy_run(ldpc_ctx_t* ctx, struct fh_source* src) {
  phy_counters_t* cnt = phy_stats_init();
  fh_slot_t slot;
  while (fh_next_slot(src, &slot) == PHY_OK) {
    for (uint32_t i = 0; i < slot.n_pusch; ++i) {
      int rc = process_pusch(ctx, &slot.pusch[i], cnt);
      if (rc == PHY_ECUDA) return rc;
    }
    cnt->slots++;
  }
  return PHY_OK;
}

int main(int argc, char** argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s capture.fh bg_dir\n", argv[0]);
    return 2;
  }
  ldpc_ctx_t* ctx = ldpc_ctx_create(0, 8u << 20, 8u << 20, 8, argv[2]);
  struct fh_source* src = fh_open(argv[1], 16);
  if (src == NULL) return 1;
  int rc = phy_run(ctx, src);
  phy_stats_dump("phy_stats.bin");
  fh_close(src);
  ldpc_ctx_destroy(ctx);
  return rc == PHY_OK ? 0 : 1;
}
