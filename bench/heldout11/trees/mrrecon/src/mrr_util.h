#ifndef MRR_UTIL_H
#define MRR_UTIL_H
#include <stdio.h>
#include <stdlib.h>
#include <hip/hip_runtime_api.h>

#define MRR_RET(expr)                                                    \
  do {                                                                   \
    hipError_t e_ = (expr);                                              \
    if (e_ != hipSuccess) {                                              \
      fprintf(stderr, "mrr: %s at %s:%d\n", hipGetErrorString(e_), __FILE__, __LINE__); \
      return -1;                                                         \
    }                                                                    \
  } while (0)

#define MRR_DIE(expr)                                                    \
  do {                                                                   \
    hipError_t e_ = (expr);                                              \
    if (e_ != hipSuccess) {                                              \
      fprintf(stderr, "mrr: fatal %s\n", hipGetErrorString(e_));         \
      exit(EXIT_FAILURE);                                                \
    }                                                                    \
  } while (0)

struct mrr_plan {
  int nx, ny, n_samples, width;
  float oversamp;
  float* kb_lut;     /* pinned, 1024 entries */
  float* traj;       /* pinned, 2 * n_samples, owned after mrr_load_trajectory */
  int traj_id;
};

#endif
