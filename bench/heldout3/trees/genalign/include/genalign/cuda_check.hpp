#pragma once

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

// Fatal: the aligner cannot recover from a CUDA error, so report and leave.
#define GA_CHECK(call)                                                                   \
    do {                                                                                 \
        cudaError_t ga_err_ = (call);                                                    \
        if (ga_err_ != cudaSuccess) {                                                    \
            std::fprintf(stderr, "genalign: %s failed at %s:%d: %s\n", #call, __FILE__,  \
                         __LINE__, cudaGetErrorString(ga_err_));                         \
            std::exit(EXIT_FAILURE);                                                     \
        }                                                                                \
    } while (0)

// Non-fatal variant for code that cleans up after itself.
#define GA_TRY(call, label)                                                              \
    do {                                                                                 \
        if ((call) != cudaSuccess) {                                                     \
            goto label;                                                                  \
        }                                                                                \
    } while (0)
