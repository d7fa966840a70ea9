// Error checking for the CUDA runtime. Any failure is fatal: stagekit is used from batch
// tools where there is nothing sensible to recover.
#pragma once

#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#define SK_CHECK(call)                                                              \
    do {                                                                            \
        cudaError_t sk_err_ = (call);                                               \
        if (sk_err_ != cudaSuccess) {                                               \
            std::fprintf(stderr, "stagekit: %s failed at %s:%d: %s\n", #call,       \
                         __FILE__, __LINE__, cudaGetErrorString(sk_err_));          \
            std::exit(EXIT_FAILURE);                                                \
        }                                                                           \
    } while (0)

// Non-fatal variant: evaluates to true on success.
#define SK_OK(call) ((call) == cudaSuccess)
