#pragma once
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define N_ETA 56
#define N_PHI 72
#define N_TOWERS (N_ETA * N_PHI)

#define TRG_TRY(call)                                                         \
    do {                                                                      \
        cudaError_t e_ = (call);                                              \
        if (e_ != cudaSuccess) {                                              \
            fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
            return -1;                                                        \
        }                                                                     \
    } while (0)

#define TRG_FATAL(cond, msg)                                                  \
    do {                                                                      \
        if (cond) {                                                           \
            fprintf(stderr, "l1trig fatal: %s\n", msg);                       \
            exit(EXIT_FAILURE);                                               \
        }                                                                     \
    } while (0)

typedef struct {
    int slots;
    int next;
    unsigned char** ring;    /* pinned raw-event slots */
    float* lut;              /* pinned calibration LUT */
    float* d_lut;
    unsigned int hist[256];
    cudaStream_t stream;
} trg_handle;
