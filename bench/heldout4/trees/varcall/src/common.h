#ifndef VARCALL_COMMON_H
#define VARCALL_COMMON_H

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>

/* Fatal CUDA error: the process exits. */
#define CHECK_CUDA(call)                                                          \
  do {                                                                            \
    cudaError_t e_ = (call);                                                      \
    if (e_ != cudaSuccess) {                                                      \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,               \
              cudaGetErrorString(e_));                                            \
      exit(EXIT_FAILURE);                                                         \
    }                                                                             \
  } while (0)

/* Recoverable CUDA error: report and return -1 from the calling function. */
#define TRY_CUDA(call)                                                            \
  do {                                                                            \
    cudaError_t e_ = (call);                                                      \
    if (e_ != cudaSuccess) {                                                      \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,               \
              cudaGetErrorString(e_));                                            \
      return -1;                                                                  \
    }                                                                             \
  } while (0)

#endif
