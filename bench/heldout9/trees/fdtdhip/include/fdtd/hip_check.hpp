#pragma once
#include <cstdio>
#include <cstdlib>

#include <hip/hip_runtime.h>

// Propagates the error to the caller.
#define FDTD_TRY(call)                                                              \
  do {                                                                              \
    hipError_t e_ = (call);                                                         \
    if (e_ != hipSuccess) {                                                         \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, hipGetErrorString(e_)); \
      return e_;                                                                    \
    }                                                                               \
  } while (0)

// Fatal: prints and aborts the process.
#define FDTD_DIE(call)                                                              \
  do {                                                                              \
    hipError_t e_ = (call);                                                         \
    if (e_ != hipSuccess) {                                                         \
      std::fprintf(stderr, "fatal %s:%d: %s\n", __FILE__, __LINE__, hipGetErrorString(e_)); \
      std::abort();                                                                 \
    }                                                                               \
  } while (0)
