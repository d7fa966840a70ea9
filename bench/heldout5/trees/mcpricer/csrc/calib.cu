#include <cmath>
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include <rmm/mr/pinned_memory_resource.hpp>

#include "context.hpp"
#include "payoffs.cuh"

static double objective(mcp_ctx* ctx, const double* q, int n, const double* p) {
    double err = 0;
    for (int i = 0; i < n; ++i) {
        mcp_option o{0, q[3 * i], q[3 * i + 1], 0, 1};
        launch_european(ctx, o, 100.0, p[0], p[1]);
        double model = reduce_payoff(ctx) / ctx->n_paths;
        err += (model - q[3 * i + 2]) * (model - q[3 * i + 2]);
    }
    return err;
}

extern "C" int mcp_calibrate(mcp_ctx* ctx, const double* quotes, int n, double* params) {
    rmm::mr::pinned_memory_resource mr;
    auto* q = static_cast<double*>(mr.allocate(sizeof(double) * 3 * n));
    std::copy(quotes, quotes + 3 * n, q);
    double p[3] = {0.2, 0.03, 0.0}, best = objective(ctx, q, n, p);
    for (int it = 0; it < 50; ++it) {
        for (int j = 0; j < 2; ++j) {
            double save = p[j];
            p[j] = save * 1.01;
            double e = objective(ctx, q, n, p);
            if (e < best) best = e; else p[j] = save;
        }
    }
    std::copy(p, p + 3, params);
    mr.deallocate(q, sizeof(double) * 3 * n);
    return 0;
}

static void parse_surface(const float* h, size_t n) {
    for (size_t i = 0; i < n; ++i)
        if (!std::isfinite(h[i]) || h[i] <= 0.f) throw std::runtime_error("bad vol in surface");
}

extern "C" int mcp_load_surface(mcp_ctx* ctx, const char* path) {
    try {
        std::ifstream in(path, std::ios::binary | std::ios::ate);
        if (!in) return 1;
        const size_t bytes = size_t(in.tellg());
        in.seekg(0);
        float* h = nullptr;
        MCP_CHECK(cudaHostAlloc(reinterpret_cast<void**>(&h), bytes, cudaHostAllocWriteCombined));
        in.read(reinterpret_cast<char*>(h), bytes);
        parse_surface(h, bytes / sizeof(float));
        MCP_CHECK(cudaMalloc(&ctx->d_surface, bytes));
        MCP_CHECK(cudaMemcpy(ctx->d_surface, h, bytes, cudaMemcpyHostToDevice));
        cudaFreeHost(h);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "mcp_load_surface: %s; using flat vol\n", e.what());
        return 2;
    }
}

extern "C" int mcp_stats(mcp_ctx* ctx, double* out) {
    double* st = ctx->stats.get();
    double* tmp = nullptr;
    MCP_CHECK(cudaMallocHost(&tmp, sizeof(double) * 8));
    MCP_CHECK(cudaMemcpy(tmp, ctx->d_payoff, sizeof(double) * 8, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 8; ++i) st[i] = out[i] = tmp[i];
    MCP_CHECK(cudaFreeHost(tmp));
    return 0;
}
