#pragma once
#include <cstdio>
#include <cstdlib>
#include <hip/hip_runtime.h>

// Return the HIP error to the caller (functions returning hipError_t or int).
#define HIP_RETURN_IF_ERROR(expr)                                            \
  do {                                                                       \
    hipError_t st_ = (expr);                                                 \
    if (st_ != hipSuccess) return static_cast<int>(st_);                     \
  } while (0)

// Terminate: used where the run cannot continue.
#define HIP_OR_DIE(expr)                                                     \
  do {                                                                       \
    hipError_t st_ = (expr);                                                 \
    if (st_ != hipSuccess) {                                                 \
      std::fprintf(stderr, "HIP error %s at %s:%d\n", hipGetErrorString(st_), \
                   __FILE__, __LINE__);                                      \
      std::abort();                                                          \
    }                                                                        \
  } while (0)
