#pragma once
#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <thrust/universal_vector.h>
#include <thrust/system/cuda/memory_resource.h>

#include <memory>
#include <vector>

#include "mcp.h"

#define MCP_CHECK(call)                                                                  \
    do {                                                                                 \
        cudaError_t e_ = (call);                                                         \
        if (e_ != cudaSuccess) {                                                         \
            fprintf(stderr, "mcp: %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
            std::abort();                                                                \
        }                                                                                \
    } while (0)

struct PinnedDeleter {
    void operator()(double* p) const { if (p) cudaFreeHost(p); }
};
using PinnedDoubles = std::unique_ptr<double[], PinnedDeleter>;

struct mcp_ctx {
    int n_paths = 0, n_steps = 0;
    uint64_t seed = 0;
    curandStatePhilox4_32_10_t* rng = nullptr;
    double* d_payoff = nullptr;
    std::vector<double*> result_pool;
    size_t pool_next = 0;
    PinnedDoubles stats;
    thrust::universal_host_pinned_vector<float> spot_grid;
    const double* curve_t = nullptr;
    const double* curve_r = nullptr;
    int curve_n = 0;
    float* d_surface = nullptr;
};

double* next_result(mcp_ctx* ctx);
