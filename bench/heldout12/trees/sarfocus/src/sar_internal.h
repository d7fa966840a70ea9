#ifndef SAR_INTERNAL_H
#define SAR_INTERNAL_H
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>

#include "sar.h"

#define SAR_MAX_SV 64

/* Return SAR_ERR_CUDA from the enclosing function. */
#define SAR_CK(expr)                                                   \
  do {                                                                 \
    CUresult sar_r_ = (expr);                                          \
    if (sar_r_ != CUDA_SUCCESS) {                                      \
      const char* s_ = NULL;                                           \
      cuGetErrorString(sar_r_, &s_);                                   \
      fprintf(stderr, "sarfocus: %s: %s\n", #expr, s_ ? s_ : "?");     \
      return SAR_ERR_CUDA;                                             \
    }                                                                  \
  } while (0)

/* Geocoding runs at the very end of a job; a failure there is not recoverable. */
#define SAR_ABORT(expr)                                                \
  do {                                                                 \
    CUresult sar_r_ = (expr);                                          \
    if (sar_r_ != CUDA_SUCCESS) {                                      \
      fprintf(stderr, "sarfocus fatal: %s (%d)\n", #expr, (int)sar_r_); \
      abort();                                                         \
    }                                                                  \
  } while (0)

struct sar_ctx {
  CUcontext cu;
  CUmodule mod;
  CUstream stream;
  CUfunction k_range, k_rcmc, k_azimuth;
  size_t max_lines, max_samples;
  float* echo_stage;         /* pinned: raw I/Q converted to complex float, one burst */
  sar_state_vector* orbit;   /* pinned + mapped: read by the RCMC kernel */
  CUdeviceptr d_orbit;
  CUdeviceptr d_work;        /* complex float [max_lines][max_samples] */
  CUdeviceptr d_antenna;
  void* rcmc_stage;          /* pinned, grown on demand */
  size_t rcmc_cap;
  sar_params params;
};

#endif
