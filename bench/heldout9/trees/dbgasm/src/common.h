#ifndef DBG_COMMON_H
#define DBG_COMMON_H
#include <stdio.h>
#include <stdlib.h>

#include <cuda_runtime_api.h>

/* Returns -1 from the calling function. */
#define DBG_TRY(call)                                                                   \
  do {                                                                                  \
    cudaError_t e_ = (call);                                                            \
    if (e_ != cudaSuccess) {                                                            \
      fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
      return -1;                                                                        \
    }                                                                                   \
  } while (0)

/* Sets rc and jumps to the given cleanup label. */
#define DBG_GOTO(call, label)                                                           \
  do {                                                                                  \
    cudaError_t e_ = (call);                                                            \
    if (e_ != cudaSuccess) {                                                            \
      fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
      rc = -1;                                                                          \
      goto label;                                                                       \
    }                                                                                   \
  } while (0)

/* Fatal: the assembler cannot continue. */
#define DBG_DIE(call)                                                                   \
  do {                                                                                  \
    cudaError_t e_ = (call);                                                            \
    if (e_ != cudaSuccess) {                                                            \
      fprintf(stderr, "fatal %s:%d %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
      exit(EXIT_FAILURE);                                                               \
    }                                                                                   \
  } while (0)

#endif
