#pragma once

#include <hip/hip_runtime.h>
#include <mpi.h>

#include <cstdio>

extern int g_rank;

// Any HIP failure takes the whole job down: a rank that silently stops exchanging halos deadlocks the rest.
#define HIP_CHECK(cmd)                                                                         \
    do {                                                                                       \
        hipError_t hc_err_ = (cmd);                                                            \
        if (hc_err_ != hipSuccess) {                                                           \
            std::fprintf(stderr, "[rank %d] %s:%d: %s -> %s\n", g_rank, __FILE__, __LINE__,   \
                         #cmd, hipGetErrorString(hc_err_));                                    \
            MPI_Abort(MPI_COMM_WORLD, 1);                                                      \
        }                                                                                      \
    } while (0)
