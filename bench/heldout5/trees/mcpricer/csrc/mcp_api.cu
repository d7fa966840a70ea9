#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

#include "context.hpp"
#include "payoffs.cuh"

template <typename T>
using pinned_host_vector = thrust::host_vector<T, thrust::cuda::experimental::pinned_allocator<T>>;

static constexpr int kPoolSize = 16;

__global__ void init_rng(curandStatePhilox4_32_10_t* s, uint64_t seed, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) curand_init(seed, i, 0, &s[i]);
}

extern "C" mcp_ctx* mcp_create(int n_paths, int n_steps, uint64_t seed) {
    auto* ctx = new mcp_ctx;
    ctx->n_paths = n_paths;
    ctx->n_steps = n_steps;
    ctx->seed = seed;
    MCP_CHECK(cudaMalloc(&ctx->rng, sizeof(*ctx->rng) * n_paths));
    MCP_CHECK(cudaMalloc(&ctx->d_payoff, sizeof(double) * n_paths));
    init_rng<<<(n_paths + 255) / 256, 256>>>(ctx->rng, seed, n_paths);
    for (int i = 0; i < kPoolSize; ++i) {
        double* p = nullptr;
        MCP_CHECK(cudaMallocHost(&p, sizeof(double) * 1024));
        ctx->result_pool.push_back(p);
    }
    double* st = nullptr;
    MCP_CHECK(cudaMallocHost(&st, sizeof(double) * 8));
    ctx->stats.reset(st);
    ctx->spot_grid.resize(size_t(n_steps) + 1);
    return ctx;
}

extern "C" void mcp_destroy(mcp_ctx* ctx) {
    if (!ctx) return;
    if (ctx->curve_t) {
        cudaHostUnregister(const_cast<double*>(ctx->curve_t));
        cudaHostUnregister(const_cast<double*>(ctx->curve_r));
    }
    for (double* p : ctx->result_pool) cudaFreeHost(p);
    cudaFree(ctx->rng);
    cudaFree(ctx->d_payoff);
    cudaFree(ctx->d_surface);
    delete ctx;
}

double* next_result(mcp_ctx* ctx) {
    double* p = ctx->result_pool[ctx->pool_next];
    ctx->pool_next = (ctx->pool_next + 1) % ctx->result_pool.size();
    return p;
}

extern "C" int mcp_set_curve(mcp_ctx* ctx, const double* t, const double* r, int n) {
    MCP_CHECK(cudaHostRegister(const_cast<double*>(t), sizeof(double) * n, cudaHostRegisterReadOnly));
    MCP_CHECK(cudaHostRegister(const_cast<double*>(r), sizeof(double) * n, cudaHostRegisterReadOnly));
    ctx->curve_t = t;
    ctx->curve_r = r;
    ctx->curve_n = n;
    return 0;
}

extern "C" int mcp_price_batch(mcp_ctx* ctx, const mcp_option* opts, int n, double spot, double vol, double rate,
                               double* out) {
    pinned_host_vector<double> sums(n);
    for (int k = 0; k < n; ++k) {
        launch_european(ctx, opts[k], spot, vol, rate);
        sums[k] = reduce_payoff(ctx);
    }
    cudaDeviceSynchronize();
    for (int k = 0; k < n; ++k) out[k] = sums[k] * opts[k].notional / ctx->n_paths;
    return 0;
}

extern "C" int mcp_price_path_dependent(mcp_ctx* ctx, const mcp_option* opts, int n, double spot, double vol,
                                        double rate, double* out) {
    int rc = 0;
    double* h = nullptr;
    if (cudaMallocHost(&h, sizeof(double) * n) != cudaSuccess) return 1;
    for (int k = 0; k < n; ++k) {
        if (launch_path_dependent(ctx, opts[k], spot, vol, rate) != 0) { rc = 2; goto done; }
        h[k] = reduce_payoff(ctx);
    }
    if (cudaDeviceSynchronize() != cudaSuccess) { rc = 3; goto done; }
    for (int k = 0; k < n; ++k) out[k] = h[k] * opts[k].notional / ctx->n_paths;
done:
    cudaFreeHost(h);
    return rc;
}

extern "C" int mcp_greeks(mcp_ctx* ctx, const mcp_option* opts, int n, double spot, double vol, double rate,
                          double* out) {
    const double bumps[3][3] = {{spot * 1e-3, 0, 0}, {0, 1e-3, 0}, {0, 0, 1e-4}};
    for (int b = 0; b < 3; ++b) {
        double* up = nullptr;
        MCP_CHECK(cudaHostAlloc(&up, sizeof(double) * 2 * n, cudaHostAllocDefault));
        for (int k = 0; k < n; ++k) {
            launch_european(ctx, opts[k], spot + bumps[b][0], vol + bumps[b][1], rate + bumps[b][2]);
            up[2 * k] = reduce_payoff(ctx);
            launch_european(ctx, opts[k], spot - bumps[b][0], vol - bumps[b][1], rate - bumps[b][2]);
            up[2 * k + 1] = reduce_payoff(ctx);
        }
        double h = bumps[b][0] + bumps[b][1] + bumps[b][2];
        for (int k = 0; k < n; ++k) out[3 * k + b] = (up[2 * k] - up[2 * k + 1]) / (2 * h * ctx->n_paths);
        cudaFreeHost(up);
    }
    return 0;
}

extern "C" int mcp_export_paths(mcp_ctx* ctx, const char* path, int n) {
    const size_t bytes = sizeof(float) * size_t(n) * (ctx->n_steps + 1);
    float* h = nullptr;
    MCP_CHECK(cudaMallocHost(&h, bytes));
    simulate_paths(ctx, h, n);
    FILE* f = std::fopen(path, "wb");
    if (!f) return 5;
    std::fwrite(h, 1, bytes, f);
    std::fclose(f);
    cudaFreeHost(h);
    return 0;
}
