#ifndef GPRSCAN_INTERNAL_H
#define GPRSCAN_INTERNAL_H

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>

#include "gpr.h"

#ifdef __cplusplus
extern "C" {
#endif

struct gpr_ctx {
  int device;
  int ns;
  float dt_ns;
  float antenna_mhz;
  cudaStream_t stream;
  float* velocity_host; /* portable, ns floats: current 1-D velocity model */
};

void gpr_set_error(const char* msg);
float* gpr_stage_alloc(size_t bytes);
void gpr_stage_free(float* p);

#ifdef __cplusplus
}
#endif

/* Returns GPR_ECUDA from the calling function on failure. */
#define GPR_TRY(call)                                        \
  do {                                                       \
    cudaError_t e_ = (call);                                 \
    if (e_ != cudaSuccess) {                                 \
      gpr_set_error(cudaGetErrorString(e_));                 \
      return GPR_ECUDA;                                      \
    }                                                        \
  } while (0)

/* For failures the library cannot recover from (device lost, out of host memory at start-up). */
#define GPR_FATAL(call)                                                              \
  do {                                                                               \
    cudaError_t e_ = (call);                                                         \
    if (e_ != cudaSuccess) {                                                         \
      fprintf(stderr, "gprscan: fatal %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, \
              __LINE__);                                                             \
      abort();                                                                       \
    }                                                                                \
  } while (0)

#endif
