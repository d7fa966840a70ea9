#ifndef CM_INTERNAL_H
#define CM_INTERNAL_H

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "covermap.h"

struct cm_ctx {
  int max_sites;
  int w, h;
  cudaStream_t stream;
  cm_site* h_sites;       /* portable: the tile threads read it too */
  cm_site* d_sites;
  unsigned char* d_clutter;
  float* d_rsrp;          /* last prediction */
  float* d_scratch;       /* one sector */
  float* h_antdb;         /* antenna database, 720 gains per model */
  int n_antennas;
  short* d_dem;
  size_t dem_cap;
};

#define CM_TRY(expr)                \
  do {                              \
    int cm_rc_ = (expr);            \
    if (cm_rc_ != CM_OK) return cm_rc_; \
  } while (0)

#define CM_FATAL(...)                                  \
  do {                                                 \
    fprintf(stderr, "covermap: fatal: " __VA_ARGS__);  \
    fputc('\n', stderr);                               \
    abort();                                           \
  } while (0)

#endif
