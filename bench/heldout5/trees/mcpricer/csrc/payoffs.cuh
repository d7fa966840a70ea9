#pragma once
#include <cub/cub.cuh>

#include "context.hpp"

__global__ void european_kernel(curandStatePhilox4_32_10_t* rng, double* pay, int n, int kind, double s0,
                                double k, double t, double v, double r) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double z = curand_normal_double(&rng[i]);
    double st = s0 * exp((r - 0.5 * v * v) * t + v * sqrt(t) * z);
    pay[i] = exp(-r * t) * fmax(0.0, kind == 0 ? st - k : k - st);
}

__global__ void asian_kernel(curandStatePhilox4_32_10_t* rng, double* pay, int n, int steps, double s0,
                             double k, double t, double v, double r, double barrier) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double dt = t / steps, s = s0, acc = 0;
    bool knocked = false;
    for (int j = 0; j < steps; ++j) {
        s *= exp((r - 0.5 * v * v) * dt + v * sqrt(dt) * curand_normal_double(&rng[i]));
        acc += s;
        knocked |= (barrier > 0 && s >= barrier);
    }
    pay[i] = knocked ? 0.0 : exp(-r * t) * fmax(0.0, acc / steps - k);
}

inline void launch_european(mcp_ctx* ctx, const mcp_option& o, double s, double v, double r) {
    european_kernel<<<(ctx->n_paths + 255) / 256, 256>>>(ctx->rng, ctx->d_payoff, ctx->n_paths, o.kind, s,
                                                         o.strike, o.expiry, v, r);
}

inline int launch_path_dependent(mcp_ctx* ctx, const mcp_option& o, double s, double v, double r) {
    asian_kernel<<<(ctx->n_paths + 255) / 256, 256>>>(ctx->rng, ctx->d_payoff, ctx->n_paths, ctx->n_steps, s,
                                                      o.strike, o.expiry, v, r, o.barrier);
    return cudaGetLastError() == cudaSuccess ? 0 : 1;
}

inline double reduce_payoff(mcp_ctx* ctx) {
    double* out = next_result(ctx);
    void* tmp = nullptr;
    size_t tmp_bytes = 0;
    double* d_out = nullptr;
    cudaMalloc(&d_out, sizeof(double));
    cub::DeviceReduce::Sum(tmp, tmp_bytes, ctx->d_payoff, d_out, ctx->n_paths);
    cudaMalloc(&tmp, tmp_bytes);
    cub::DeviceReduce::Sum(tmp, tmp_bytes, ctx->d_payoff, d_out, ctx->n_paths);
    cudaMemcpy(out, d_out, sizeof(double), cudaMemcpyDeviceToHost);
    cudaFree(tmp);
    cudaFree(d_out);
    return *out;
}

inline void simulate_paths(mcp_ctx* ctx, float* host, int n) {
    for (int i = 0; i < n; ++i)
        for (int j = 0; j <= ctx->n_steps; ++j) host[size_t(i) * (ctx->n_steps + 1) + j] = float(j);
}
