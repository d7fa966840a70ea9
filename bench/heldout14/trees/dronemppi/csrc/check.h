#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define DRN_CUDA(expr)                                                        \
  do {                                                                        \
    cudaError_t e_ = (expr);                                                  \
    if (e_ != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(e_));                                   \
      std::exit(2);                                                           \
    }                                                                         \
  } while (0)

// abort the process: used by the tools, never by the planner loop
#define DRN_DIE(cond, msg)                                                    \
  do {                                                                        \
    if (cond) {                                                               \
      std::fprintf(stderr, "fatal: %s\n", msg);                               \
      std::exit(3);                                                           \
    }                                                                         \
  } while (0)

// propagate a failure to the caller
#define DRN_TRY(cond)                                                         \
  do {                                                                        \
    if (!(cond)) return -1;                                                   \
  } while (0)
