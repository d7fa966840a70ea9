#pragma once
#include <cstdio>
#include <cstdlib>
#include <hip/hip_runtime.h>

#define HIP_TRY(expr)                                                           \
  do {                                                                          \
    hipError_t e_ = (expr);                                                     \
    if (e_ != hipSuccess) {                                                     \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, hipGetErrorString(e_)); \
      return -1;                                                                \
    }                                                                           \
  } while (0)

#define HIP_DIE(cond, msg)                              \
  do {                                                  \
    if (!(cond)) {                                      \
      std::fprintf(stderr, "lbm: fatal: %s\n", msg);    \
      std::exit(2);                                     \
    }                                                   \
  } while (0)
