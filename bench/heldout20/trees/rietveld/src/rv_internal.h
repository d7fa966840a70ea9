#ifndef RV_INTERNAL_H
#define RV_INTERNAL_H

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "rv.h"

typedef struct {
  int h, k, l;
  int mult;
  double f2; /* |F(hkl)|^2 at 2theta = 0 */
} rv_reflection;

struct rv_ctx {
  int n_points;
  int max_phases;
  cudaStream_t stream;
  double* h_params;   /* portable mirror of the parameter vector */
  double* d_params;
  double* d_tth;
  double* d_ycalc;
  double* d_w;
  double* h_instr;    /* instrument resolution table (Caglioti + axial divergence), 64 entries */
  int n_refl[16];
  rv_reflection* d_refl[16];
};

#ifdef __cplusplus
extern "C" {
#endif
void rv_attach_reflections(rv_ctx* c, int phase, rv_reflection* host_copy, int n);
#ifdef __cplusplus
}
#endif

#define RV_CHECK(expr)                 \
  do {                                 \
    int rv_rc_ = (expr);               \
    if (rv_rc_ != RV_OK) return rv_rc_; \
  } while (0)

#define RV_FATAL(msg)                                                   \
  do {                                                                  \
    fprintf(stderr, "rietveld: fatal: %s [%s:%d]\n", msg, __FILE__, __LINE__); \
    exit(2);                                                            \
  } while (0)

#endif
