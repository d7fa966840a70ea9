#pragma once
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

// Fatal: report and abort the process.
#define SPS_CHECK(expr)                                                                 \
  do {                                                                                  \
    cudaError_t e_ = (expr);                                                            \
    if (e_ != cudaSuccess) {                                                            \
      std::fprintf(stderr, "spsolve: %s failed: %s\n", #expr, cudaGetErrorString(e_));  \
      std::abort();                                                                     \
    }                                                                                   \
  } while (0)

// Recoverable: return the CUDA error code to the C API caller.
#define SPS_TRY(expr)                                  \
  do {                                                 \
    cudaError_t e_ = (expr);                           \
    if (e_ != cudaSuccess) return static_cast<int>(e_); \
  } while (0)
