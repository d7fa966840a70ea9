#ifndef SM_ERROR_H
#define SM_ERROR_H

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

void sm_set_error(const char* file, int line, const char* msg);

/* Record the error and return -1 from the calling function. */
#define SM_TRY(call)                                                    \
    do {                                                                \
        cudaError_t sm_e_ = (call);                                     \
        if (sm_e_ != cudaSuccess) {                                     \
            sm_set_error(__FILE__, __LINE__, cudaGetErrorString(sm_e_)); \
            return -1;                                                  \
        }                                                               \
    } while (0)

/* For set-up paths where the station cannot continue: print and abort. */
#define SM_FATAL(call)                                                          \
    do {                                                                        \
        cudaError_t sm_e_ = (call);                                             \
        if (sm_e_ != cudaSuccess) {                                             \
            fprintf(stderr, "specmon: %s:%d: %s\n", __FILE__, __LINE__,         \
                    cudaGetErrorString(sm_e_));                                 \
            abort();                                                            \
        }                                                                       \
    } while (0)

#define SM_REQUIRE(cond, msg)                          \
    do {                                               \
        if (!(cond)) {                                 \
            sm_set_error(__FILE__, __LINE__, (msg));   \
            return -1;                                 \
        }                                              \
    } while (0)

#endif /* SM_ERROR_H */
