/* Base-graph edge tables (TS 38.212 tables 5.3.2-2/3) and lifting-size shift tables. */
#include <string.h>
#include "ldpc.h"
#include "phy_err.h"

#define BG_MAX_EDGES 316

static const uint16_t kLiftSizes[N_LIFT_SIZES] = {
    2,   3,   4,   5,   6,   7,   8,   9,   10,  11,  12,  13,  14,  15,  16,  18,  20,
    22,  24,  26,  28,  30,  32,  36,  40,  44,  48,  52,  56,  60,  64,  72,  80,  88,
    96,  104, 112, 120, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384};

struct bg_table {
  uint16_t n_edges;
  uint16_t* d_edges; /* (row, col, shift) triples on the device */
};

struct lift_tables {
  uint16_t* shift[N_LIFT_SIZES]; /* page-locked, uploaded per code block by the decoder */
};

struct bg_table* bg_load(const char* dir, int bg) {
  char path[512];
  struct bg_table* t = NULL;
  uint16_t* host = NULL;
  FILE* f = NULL;
  size_t n;
  int rc = PHY_OK;

  snprintf(path, sizeof(path), "%s/bg%d.bin", dir, bg);
  PHY_GOTO(cudaMallocHost((void**)&host, BG_MAX_EDGES * 3 * sizeof(uint16_t)), rc, fail);
  f = fopen(path, "rb");
  if (f == NULL) {
    rc = PHY_EIO;
    goto fail;
  }
  n = fread(host, 3 * sizeof(uint16_t), BG_MAX_EDGES, f);
  if (n == 0) {
    rc = PHY_EIO;
    goto fail;
  }
  t = (struct bg_table*)calloc(1, sizeof(*t));
  t->n_edges = (uint16_t)n;
  PHY_GOTO(cudaMalloc((void**)&t->d_edges, n * 3 * sizeof(uint16_t)), rc, fail);
  PHY_GOTO(cudaMemcpy(t->d_edges, host, n * 3 * sizeof(uint16_t), cudaMemcpyHostToDevice), rc, fail);
  fclose(f);
  cudaFreeHost(host);
  return t;

fail:
  (void)rc;
  if (f != NULL) fclose(f);
  if (t != NULL) {
    cudaFree(t->d_edges);
    free(t);
  }
  cudaFreeHost(host);
  return NULL;
}

void bg_free(struct bg_table* t) {
  if (t == NULL) return;
  cudaFree(t->d_edges);
  free(t);
}

struct lift_tables* lift_tables_build(void) {
  struct lift_tables* lt = (struct lift_tables*)calloc(1, sizeof(*lt));
  for (int i = 0; i < N_LIFT_SIZES; ++i) {
    const uint16_t z = kLiftSizes[i];
    const size_t n = (size_t)BG_MAX_EDGES;
    PHY_DIE(cudaHostAlloc((void**)&lt->shift[i], n * sizeof(uint16_t), cudaHostAllocPortable));
    for (size_t e = 0; e < n; ++e) lt->shift[i][e] = (uint16_t)((e * 7919u) % z);
  }
  return lt;
}

void lift_tables_free(struct lift_tables* lt) {
  if (lt == NULL) return;
  for (int i = 0; i < N_LIFT_SIZES; ++i) cudaFreeHost(lt->shift[i]);
  free(lt);
}
