#ifndef WAKE_INTERNAL_H
#define WAKE_INTERNAL_H
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define WK_TRY(x)                                  \
  do {                                             \
    cudaError_t e_ = (x);                          \
    if (e_ != cudaSuccess) return (int)e_;         \
  } while (0)

#define WK_FATAL(x)                                                          \
  do {                                                                       \
    cudaError_t e_ = (x);                                                    \
    if (e_ != cudaSuccess) {                                                 \
      fprintf(stderr, "libwake: %s (%s:%d)\n", cudaGetErrorString(e_),      \
              __FILE__, __LINE__);                                           \
      abort();                                                               \
    }                                                                        \
  } while (0)

struct wk_ctx {
  int n;
  float* h_turbines;   /* x, y, hub, diameter */
  float* h_curve;
  int n_curve;
  float* d_turbines;
  float* d_curve;
  float* d_dem;
  int dem_nx, dem_ny;
  float last_power;
  cudaStream_t stream;
};

#endif
