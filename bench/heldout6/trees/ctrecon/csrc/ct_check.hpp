#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

// Propagate a CUDA error to the caller as an int status.
#define CT_TRY(expr)                                                        \
  do {                                                                      \
    cudaError_t e_ = (expr);                                                \
    if (e_ != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__,               \
                   cudaGetErrorString(e_));                                 \
      return -1;                                                            \
    }                                                                       \
  } while (0)

// Unrecoverable: print and abort the process.
#define CT_FATAL(expr)                                                      \
  do {                                                                      \
    cudaError_t e_ = (expr);                                                \
    if (e_ != cudaSuccess) {                                                \
      std::fprintf(stderr, "fatal %s:%d %s\n", __FILE__, __LINE__,         \
                   cudaGetErrorString(e_));                                 \
      std::abort();                                                         \
    }                                                                       \
  } while (0)
