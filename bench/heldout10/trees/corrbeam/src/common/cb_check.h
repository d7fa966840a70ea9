// Error-handling macros shared by the correlator and beamformer stages.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

// Hands the CUDA error back to the caller, which may retry or skip the block.
#define CB_CHECK(call)                                                        \
  do {                                                                        \
    cudaError_t cb_err_ = (call);                                             \
    if (cb_err_ != cudaSuccess) {                                             \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                 \
                   cudaGetErrorString(cb_err_));                              \
      return cb_err_;                                                         \
    }                                                                         \
  } while (0)

// Stops the process: used where a failure leaves nothing to recover.
#define CB_FATAL(call)                                                        \
  do {                                                                        \
    cudaError_t cb_err_ = (call);                                             \
    if (cb_err_ != cudaSuccess) {                                             \
      std::fprintf(stderr, "fatal %s:%d: %s\n", __FILE__, __LINE__,           \
                   cudaGetErrorString(cb_err_));                              \
      std::abort();                                                           \
    }                                                                         \
  } while (0)
