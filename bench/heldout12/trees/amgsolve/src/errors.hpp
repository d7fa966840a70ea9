#pragma once
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

void amg_set_error(const char* what);

// Returns an error code from the enclosing C API function.
#define AMG_CHECK(expr)                                   \
  do {                                                    \
    cudaError_t amg_e_ = (expr);                          \
    if (amg_e_ != cudaSuccess) {                          \
      amg_set_error(cudaGetErrorString(amg_e_));          \
      return AMG_ERR_CUDA;                                \
    }                                                     \
  } while (0)

// Unrecoverable: diagnostics only, the process goes down.
#define AMG_FATAL(cond, msg)                                        \
  do {                                                              \
    if (!(cond)) {                                                  \
      std::fprintf(stderr, "amgsolve fatal: %s (%s:%d)\n", (msg),   \
                   __FILE__, __LINE__);                             \
      std::abort();                                                 \
    }                                                               \
  } while (0)
