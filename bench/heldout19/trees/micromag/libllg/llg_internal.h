#ifndef MICROMAG_LLG_INTERNAL_H
#define MICROMAG_LLG_INTERNAL_H

#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "llg.h"

/* Propagates a library error code to the caller. */
#define MM_TRY(expr)          \
  do {                        \
    int rc_ = (expr);         \
    if (rc_ != MM_OK) {       \
      return rc_;             \
    }                         \
  } while (0)

/* For calls that cannot fail on a healthy device: report and abort. */
#define MM_DIE(expr)                                                          \
  do {                                                                        \
    hipError_t e_ = (expr);                                                   \
    if (e_ != hipSuccess) {                                                   \
      fprintf(stderr, "llg: fatal HIP error '%s' at %s:%d\n",                 \
              hipGetErrorString(e_), __FILE__, __LINE__);                     \
      abort();                                                                \
    }                                                                         \
  } while (0)

struct mm_ctx {
  mm_params p;
  size_t ncell;
  float* m_dev;            /* 3 * ncell, interleaved */
  float* h_dev;            /* effective field */
  float* m_host;           /* page-locked mirror of m_dev */
  unsigned char* geom_dev; /* 1 inside the magnet, 0 outside */
  double t;
};

#endif
