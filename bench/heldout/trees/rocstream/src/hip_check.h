// HIP error handling for rocstream.
#pragma once

#include <cstdio>
#include <cstdlib>

#include <hip/hip_runtime.h>

#define HIP_CHECK(expr)                                                                   \
    do {                                                                                  \
        hipError_t rs_status_ = (expr);                                                   \
        if (rs_status_ != hipSuccess) {                                                   \
            std::fprintf(stderr, "HIP error %d (%s) at %s:%d\n", static_cast<int>(rs_status_), \
                         hipGetErrorString(rs_status_), __FILE__, __LINE__);              \
            std::abort();                                                                 \
        }                                                                                 \
    } while (0)

// Returns the status instead of aborting; for paths that report errors to the caller.
#define HIP_TRY(expr) ((expr) == hipSuccess)
