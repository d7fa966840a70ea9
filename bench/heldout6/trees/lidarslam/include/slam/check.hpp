#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define SLAM_FATAL(call)                                                           \
  do {                                                                             \
    cudaError_t err_ = (call);                                                     \
    if (err_ != cudaSuccess) {                                                     \
      std::fprintf(stderr, "[slam] %s failed: %s\n", #call, cudaGetErrorString(err_)); \
      std::abort();                                                                \
    }                                                                              \
  } while (0)
