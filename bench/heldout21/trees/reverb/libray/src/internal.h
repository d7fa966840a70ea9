#pragma once
#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define RR_TRY(x)                               \
  do {                                          \
    hipError_t e_ = (x);                        \
    if (e_ != hipSuccess) return (int)e_;       \
  } while (0)

struct rr_ctx {
  int n_materials, max_tris, n_tris;
  float* h_scene;     /* per-material absorption x bands, pinned */
  float* d_tris;
  int* d_mat;
  float* d_hits;      /* x, y, z, t, energy per hit */
  int n_hits;
  hipStream_t stream;
};
