#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cufft.h>

// Aborts: a CUDA failure in the correction engine leaves the tile state undefined.
#define EBL_CUDA(call)                                                                  \
  do {                                                                                  \
    cudaError_t ebl_e_ = (call);                                                        \
    if (ebl_e_ != cudaSuccess) {                                                        \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(ebl_e_)); \
      std::abort();                                                                     \
    }                                                                                   \
  } while (0)

#define EBL_CUFFT(call)                                                                 \
  do {                                                                                  \
    cufftResult ebl_r_ = (call);                                                        \
    if (ebl_r_ != CUFFT_SUCCESS) {                                                      \
      std::fprintf(stderr, "%s:%d: cuFFT error %d\n", __FILE__, __LINE__, (int)ebl_r_); \
      std::abort();                                                                     \
    }                                                                                   \
  } while (0)
