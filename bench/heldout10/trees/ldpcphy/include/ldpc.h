#ifndef LDPC_H
#define LDPC_H

#include <stddef.h>
#include <stdint.h>
#include <cuda.h>
#include <cuda_runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

#define N_LIFT_SIZES 51
#define MAX_PUSCH_PER_SLOT 16

struct bg_table;
struct lift_tables;
struct harq_pool;
struct fh_source;

typedef struct {
  uint32_t tbs;        /* transport block size in bits */
  uint8_t bg;          /* base graph 1 or 2 */
  uint16_t zc;         /* lifting size */
  uint32_t n_cb;       /* code blocks */
  uint32_t k;          /* information bits per code block */
  uint32_t e;          /* rate-matched bits per code block */
  uint8_t rv;
  uint16_t rnti;
  uint8_t harq_id;
  uint8_t ndi;
  const int16_t* llr;  /* demapped LLRs, e * n_cb */
  uint8_t* bits;       /* decoded bits, owned by the caller */
} phy_tb_t;

typedef struct {
  uint16_t rnti;
  uint8_t harq_id, ndi, rv, qm, n_layers, n_dmrs;
  uint16_t n_prb, start_prb;
  uint32_t tbs;
  float code_rate;
  const int16_t* iq;   /* frequency-domain IQ from the fronthaul ring */
  int16_t* llr;        /* LLR scratch inside the ring slot */
  uint8_t* tb_out;     /* decoded TB inside the ring slot */
} fh_pusch_t;

typedef struct {
  uint32_t sfn, slot;
  uint32_t n_pusch;
  fh_pusch_t pusch[MAX_PUSCH_PER_SLOT];
} fh_slot_t;

typedef struct {
  uint64_t slots, tb_total, tb_crc_fail, cb_total, cb_fail;
  uint64_t iter_hist[32];
} phy_counters_t;

typedef struct {
  CUcontext cu;
  cudaStream_t stream;
  int8_t* h_llr;       /* portable page-locked staging for rate-recovered LLRs */
  uint8_t* h_bits;     /* page-locked decoded bits */
  int8_t* d_llr;
  uint8_t* d_bits;
  uint8_t* d_crc;
  uint8_t* d_filler;
  uint32_t* d_synd;
  size_t max_llr, max_bits;
  int max_iter;
  struct bg_table* bg[2];
  struct lift_tables* lift;
  struct harq_pool* harq;
} ldpc_ctx_t;

ldpc_ctx_t* ldpc_ctx_create(int device, size_t max_llr, size_t max_bits, int max_iter, const char* bg_dir);
void ldpc_ctx_destroy(ldpc_ctx_t* ctx);

struct bg_table* bg_load(const char* dir, int bg);
void bg_free(struct bg_table* t);
struct lift_tables* lift_tables_build(void);
void lift_tables_free(struct lift_tables* lt);

struct harq_pool* harq_pool_create(size_t n_slots);
int8_t* harq_pool_get(struct harq_pool* pool, uint16_t rnti, uint8_t harq_id, size_t bytes);
void harq_pool_release_ue(struct harq_pool* pool, uint16_t rnti);
void harq_pool_destroy(struct harq_pool* pool);

int segment_tb(ldpc_ctx_t* ctx, const fh_pusch_t* p, phy_tb_t* tb);
int rate_recover(ldpc_ctx_t* ctx, const phy_tb_t* tb, int8_t* out);
int estimate_channel(ldpc_ctx_t* ctx, const fh_pusch_t* p, float* noise_var);
int demap_launch(ldpc_ctx_t* ctx, const fh_pusch_t* p, const float* scale, int16_t* llr_out);
int ldpc_decode_tb(ldpc_ctx_t* ctx, phy_tb_t* tb);
uint32_t crc24a_device(ldpc_ctx_t* ctx, size_t bytes);
int crc_check_tb(ldpc_ctx_t* ctx, phy_tb_t* tb);

struct fh_source* fh_open(const char* path, size_t n_slots);
int fh_next_slot(struct fh_source* src, fh_slot_t* slot);
void fh_close(struct fh_source* src);

phy_counters_t* phy_stats_init(void);
int phy_stats_dump(const char* path);

#ifdef __cplusplus
}
#endif

#endif /* LDPC_H */
