#ifndef MP_CHECK_H
#define MP_CHECK_H

#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>

void mp_set_error(const char* where, const char* what);

#define MP_STR2(x) #x
#define MP_STR(x) MP_STR2(x)

/* Record the failure and return -1 to the caller. */
#define MP_TRY(expr)                                                       \
    do {                                                                   \
        hipError_t mp_e_ = (expr);                                         \
        if (mp_e_ != hipSuccess) {                                         \
            mp_set_error(__FILE__ ":" MP_STR(__LINE__), hipGetErrorString(mp_e_)); \
            return -1;                                                     \
        }                                                                  \
    } while (0)

/* Unrecoverable (context set-up): report and abort the process. */
#define MP_DIE(expr)                                                       \
    do {                                                                   \
        hipError_t mp_e_ = (expr);                                         \
        if (mp_e_ != hipSuccess) {                                         \
            fprintf(stderr, "meltpool: %s:%d: %s\n", __FILE__, __LINE__,   \
                    hipGetErrorString(mp_e_));                             \
            abort();                                                       \
        }                                                                  \
    } while (0)

#endif
