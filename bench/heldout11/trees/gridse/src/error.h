#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define SE_CHECK(call)                                                          \
  do {                                                                          \
    cudaError_t se_err_ = (call);                                               \
    if (se_err_ != cudaSuccess) {                                               \
      std::fprintf(stderr, "gridse: %s at %s:%d\n", cudaGetErrorString(se_err_), \
                   __FILE__, __LINE__);                                         \
      return SE_ECUDA;                                                          \
    }                                                                           \
  } while (0)

#define SE_FATAL(call)                                                          \
  do {                                                                          \
    cudaError_t se_err_ = (call);                                               \
    if (se_err_ != cudaSuccess) {                                               \
      std::fprintf(stderr, "gridse fatal: %s\n", cudaGetErrorString(se_err_));  \
      std::abort();                                                             \
    }                                                                           \
  } while (0)
