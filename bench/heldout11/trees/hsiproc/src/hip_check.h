#pragma once
#include <cstdio>
#include <cstdlib>
#include <hip/hip_runtime.h>

#define HSI_TRY(expr)                                                               \
  do {                                                                              \
    hipError_t e_ = (expr);                                                         \
    if (e_ != hipSuccess) {                                                         \
      std::fprintf(stderr, "hsi: %s (%s:%d)\n", hipGetErrorString(e_), __FILE__, __LINE__); \
      return -int(e_);                                                              \
    }                                                                               \
  } while (0)

#define HSI_ABORT(expr)                                                             \
  do {                                                                              \
    hipError_t e_ = (expr);                                                         \
    if (e_ != hipSuccess) {                                                         \
      std::fprintf(stderr, "hsi: fatal %s\n", hipGetErrorString(e_));               \
      std::abort();                                                                 \
    }                                                                               \
  } while (0)
