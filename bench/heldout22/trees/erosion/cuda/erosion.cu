// Particle-based hydraulic erosion (after H. Beyer, 2015) on the GPU.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "erosion.h"

struct er_ctx {
    int width, height;
    er_params* params_h;  // portable: every worker thread's stream reads it
    er_params* params_d;
    float* heights_d;
    float* delta_d;
    cudaStream_t stream;
};

__global__ void droplet_kernel(float* h, float* delta, int w, int ht, const float* seeds, int n,
                               const er_params* p) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = seeds[2 * i] * (w - 2), y = seeds[2 * i + 1] * (ht - 2);
    float dx = 0.f, dy = 0.f, speed = 1.f, water = 1.f, sediment = 0.f;
    for (int life = 0; life < p->max_lifetime; ++life) {
        const int cx = (int)x, cy = (int)y;
        if (cx < 1 || cy < 1 || cx >= w - 2 || cy >= ht - 2) break;
        const float gx = h[cy * w + cx + 1] - h[cy * w + cx - 1];
        const float gy = h[(cy + 1) * w + cx] - h[(cy - 1) * w + cx];
        dx = dx * p->inertia - gx * (1 - p->inertia);
        dy = dy * p->inertia - gy * (1 - p->inertia);
        const float len = sqrtf(dx * dx + dy * dy) + 1e-9f;
        x += dx / len;
        y += dy / len;
        const int nx = (int)x, ny = (int)y;
        if (nx < 1 || ny < 1 || nx >= w - 2 || ny >= ht - 2) break;
        const float dh = h[ny * w + nx] - h[cy * w + cx];
        const float cap = fmaxf(-dh * speed * water * p->capacity, 0.01f);
        if (sediment > cap || dh > 0) {
            const float dep = dh > 0 ? fminf(dh, sediment) : (sediment - cap) * p->deposition;
            sediment -= dep;
            atomicAdd(&delta[cy * w + cx], dep);
        } else {
            const float ero = fminf((cap - sediment) * p->erosion, -dh);
            sediment += ero;
            atomicAdd(&delta[cy * w + cx], -ero);
        }
        speed = sqrtf(fmaxf(speed * speed + dh * p->gravity, 0.f));
        water *= 1 - p->evaporation;
    }
}

__global__ void apply_delta(float* h, float* delta, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        h[i] += delta[i];
        delta[i] = 0.f;
    }
}

__global__ void tile_stats_kernel(const float* h, int w, int x0, int y0, int tile, float* out) {
    // out: min, max, sum (single block, 256 threads; small tiles)
    __shared__ float s_min[256], s_max[256], s_sum[256];
    float mn = 1e30f, mx = -1e30f, sum = 0.f;
    for (int k = threadIdx.x; k < tile * tile; k += blockDim.x) {
        const float v = h[(y0 + k / tile) * w + x0 + k % tile];
        mn = fminf(mn, v);
        mx = fmaxf(mx, v);
        sum += v;
    }
    s_min[threadIdx.x] = mn;
    s_max[threadIdx.x] = mx;
    s_sum[threadIdx.x] = sum;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
            s_min[threadIdx.x] = fminf(s_min[threadIdx.x], s_min[threadIdx.x + s]);
            s_max[threadIdx.x] = fmaxf(s_max[threadIdx.x], s_max[threadIdx.x + s]);
            s_sum[threadIdx.x] += s_sum[threadIdx.x + s];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        out[0] = s_min[0];
        out[1] = s_max[0];
        out[2] = s_sum[0];
    }
}

extern "C" er_ctx* er_init(int width, int height, const er_params* params) {
    er_ctx* ctx = (er_ctx*)calloc(1, sizeof *ctx);
    if (!ctx) return NULL;
    ctx->width = width;
    ctx->height = height;
    const size_t cells = (size_t)width * height;
    if (cudaHostAlloc((void**)&ctx->params_h, sizeof(er_params), cudaHostAllocPortable) != cudaSuccess) {
        free(ctx);
        return NULL;
    }
    *ctx->params_h = *params;
    if (cudaStreamCreateWithFlags(&ctx->stream, cudaStreamNonBlocking) != cudaSuccess ||
        cudaMalloc((void**)&ctx->params_d, sizeof(er_params)) != cudaSuccess ||
        cudaMalloc((void**)&ctx->heights_d, cells * sizeof(float)) != cudaSuccess ||
        cudaMalloc((void**)&ctx->delta_d, cells * sizeof(float)) != cudaSuccess) {
        er_destroy(ctx);
        return NULL;
    }
    cudaMemcpyAsync(ctx->params_d, ctx->params_h, sizeof(er_params), cudaMemcpyHostToDevice, ctx->stream);
    cudaMemsetAsync(ctx->delta_d, 0, cells * sizeof(float), ctx->stream);
    return ctx;
}

extern "C" void er_destroy(er_ctx* ctx) {
    if (!ctx) return;
    if (ctx->stream) cudaStreamSynchronize(ctx->stream);
    cudaFree(ctx->params_d);
    cudaFree(ctx->heights_d);
    cudaFree(ctx->delta_d);
    if (ctx->params_h) cudaFreeHost(ctx->params_h);
    if (ctx->stream) cudaStreamDestroy(ctx->stream);
    free(ctx);
}

extern "C" int er_upload(er_ctx* ctx, const float* heights) {
    const size_t bytes = (size_t)ctx->width * ctx->height * sizeof(float);
    if (cudaMemcpyAsync(ctx->heights_d, heights, bytes, cudaMemcpyHostToDevice, ctx->stream) != cudaSuccess) return -1;
    return cudaStreamSynchronize(ctx->stream) == cudaSuccess ? 0 : -1;
}

extern "C" int er_download(er_ctx* ctx, float* heights) {
    const size_t bytes = (size_t)ctx->width * ctx->height * sizeof(float);
    if (cudaMemcpyAsync(heights, ctx->heights_d, bytes, cudaMemcpyDeviceToHost, ctx->stream) != cudaSuccess) return -1;
    return cudaStreamSynchronize(ctx->stream) == cudaSuccess ? 0 : -1;
}

extern "C" int er_droplets(er_ctx* ctx, const float* seeds, int n) {
    const size_t bytes = 2 * (size_t)n * sizeof(float);
    float* staged = NULL;
    float* seeds_d = NULL;
    if (cudaMallocHost((void**)&staged, bytes) != cudaSuccess) return -1;
    memcpy(staged, seeds, bytes);
    int rc = -1;
    if (cudaMallocAsync((void**)&seeds_d, bytes, ctx->stream) == cudaSuccess) {
        cudaMemcpyAsync(seeds_d, staged, bytes, cudaMemcpyHostToDevice, ctx->stream);
        droplet_kernel<<<(n + 127) / 128, 128, 0, ctx->stream>>>(ctx->heights_d, ctx->delta_d, ctx->width,
                                                                ctx->height, seeds_d, n, ctx->params_d);
        const int cells = ctx->width * ctx->height;
        apply_delta<<<(cells + 255) / 256, 256, 0, ctx->stream>>>(ctx->heights_d, ctx->delta_d, cells);
        cudaFreeAsync(seeds_d, ctx->stream);
        rc = cudaStreamSynchronize(ctx->stream) == cudaSuccess ? 0 : -1;
    }
    cudaFreeHost(staged);
    return rc;
}

extern "C" int er_tile_stats(er_ctx* ctx, int tile, er_tile_stat* out, int max_tiles) {
    const int tx = ctx->width / tile, ty = ctx->height / tile;
    int k = 0;
    for (int j = 0; j < ty; ++j) {
        for (int i = 0; i < tx && k < max_tiles; ++i, ++k) {
            float* res = NULL;
            if (cudaMallocHost((void**)&res, 3 * sizeof(float)) != cudaSuccess) return -1;
            float* res_d = NULL;
            cudaMallocAsync((void**)&res_d, 3 * sizeof(float), ctx->stream);
            tile_stats_kernel<<<1, 256, 0, ctx->stream>>>(ctx->heights_d, ctx->width, i * tile, j * tile, tile, res_d);
            cudaMemcpyAsync(res, res_d, 3 * sizeof(float), cudaMemcpyDeviceToHost, ctx->stream);
            cudaFreeAsync(res_d, ctx->stream);
            cudaStreamSynchronize(ctx->stream);
            out[k].min_h = res[0];
            out[k].max_h = res[1];
            out[k].mean_h = res[2] / (tile * tile);
            cudaFreeHost(res);
        }
    }
    return k;
}

extern "C" int er_dump_debug(er_ctx* ctx, const char* path) {
    int rc = -1;
    FILE* f = NULL;
    float* host = NULL;
    const size_t cells = (size_t)ctx->width * ctx->height;

    if (cudaMallocHost((void**)&host, cells * sizeof(float)) != cudaSuccess) goto cleanup;
    if (er_download(ctx, host) != 0) goto cleanup;
    f = fopen(path, "wb");
    if (!f) goto cleanup;
    if (fprintf(f, "P5\n%d %d\n65535\n", ctx->width, ctx->height) < 0) goto cleanup;
    for (size_t i = 0; i < cells; ++i) {
        const float v = fminf(fmaxf(host[i], 0.f), 1.f) * 65535.f;
        const unsigned short s = (unsigned short)v;
        const unsigned char be[2] = {(unsigned char)(s >> 8), (unsigned char)(s & 0xff)};
        if (fwrite(be, 1, 2, f) != 2) goto cleanup;
    }
    rc = 0;
cleanup:
    if (f) fclose(f);
    if (host) cudaFreeHost(host);
    return rc;
}
