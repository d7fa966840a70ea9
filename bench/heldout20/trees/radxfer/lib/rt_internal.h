#ifndef RADXFER_RT_INTERNAL_H
#define RADXFER_RT_INTERNAL_H

#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "rt.h"

struct rt_ctx {
  rt_dims dims;
  hipStream_t stream;
  double* h_stage;     /* column inputs, page-locked, reused every call */
  size_t stage_bytes;
  double* h_solar;     /* spectral solar source per (band, g) */
  double* d_in;        /* play, tlay, h2o */
  double* d_kmajor;    /* [band][g][T][p] absorption coefficients */
  double* d_tau;       /* one band: [g][ncol][nlay] */
  double* d_bc;        /* [ncol][2] */
};

void rt_set_error(const char* what, int rc);

#define RT_TRY(expr)              \
  do {                            \
    int rt_rc_ = (expr);          \
    if (rt_rc_ != RT_OK) {        \
      rt_set_error(#expr, rt_rc_); \
      return rt_rc_;              \
    }                             \
  } while (0)

#define RT_DIE(msg)                                                              \
  do {                                                                           \
    fprintf(stderr, "radxfer: fatal: %s (%s:%d)\n", (msg), __FILE__, __LINE__); \
    exit(EXIT_FAILURE);                                                          \
  } while (0)

enum { RT_NT = 14, RT_NP = 59 };

#endif
