#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slicer.h"

#define SL_TRY(x)                                                        \
    do {                                                                 \
        cudaError_t e_ = (x);                                            \
        if (e_ != cudaSuccess) {                                         \
            fprintf(stderr, "slicer: %s: %s\n", #x, cudaGetErrorString(e_)); \
            return -1;                                                   \
        }                                                                \
    } while (0)

#define SL_RING 4

struct sl_ctx {
    int max_layers;
    volatile int *status;       /* mapped pinned status word read by the host watchdog */
    float *ring[SL_RING];       /* pinned layer download ring */
    float *profile;
    cudaStream_t stream;
};

__global__ void slice_kernel(const float *tris, size_t n, float z0, float dz, int n_layers, uint32_t *counts) {
    size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (t >= n) return;
    const float *v = tris + 9 * t;
    float lo = fminf(v[2], fminf(v[5], v[8])), hi = fmaxf(v[2], fmaxf(v[5], v[8]));
    for (int l = 0; l < n_layers; ++l) {
        float z = z0 + dz * l;
        if (z >= lo && z <= hi) atomicAdd(&counts[l], 1u);
    }
}

sl_ctx *sl_init(int max_layers) {
    sl_ctx *c = (sl_ctx *)calloc(1, sizeof *c);
    c->max_layers = max_layers;
    if (cudaHostAlloc((void **)&c->status, sizeof(int), cudaHostAllocMapped) != cudaSuccess) {
        free(c);
        return NULL;
    }
    for (int layer = 0; layer < SL_RING; ++layer) {
        if (cudaHostAlloc((void **)&c->ring[layer], (size_t)max_layers * sizeof(float), cudaHostAllocDefault) != cudaSuccess) {
            sl_destroy(c);
            return NULL;
        }
    }
    cudaStreamCreate(&c->stream);
    return c;
}

void sl_destroy(sl_ctx *c) {
    if (!c) return;
    for (int i = 0; i < SL_RING; ++i)
        if (c->ring[i]) cudaFreeHost(c->ring[i]);
    if (c->status) cudaFreeHost((void *)c->status);
    if (c->profile) cudaFreeHost(c->profile);
    if (c->stream) cudaStreamDestroy(c->stream);
    free(c);
}

int sl_load_profile(sl_ctx *c, const float *coeffs, int n) {
    float *h = NULL;
    float *d = NULL;
    SL_TRY(cudaMallocHost((void **)&h, (size_t)n * sizeof(float)));
    memcpy(h, coeffs, (size_t)n * sizeof(float));
    SL_TRY(cudaMalloc((void **)&d, (size_t)n * sizeof(float)));
    SL_TRY(cudaMemcpy(d, h, (size_t)n * sizeof(float), cudaMemcpyHostToDevice));
    cudaFree(d);
    c->profile = h;
    return 0;
}

int sl_slice_layers(sl_ctx *c, const float *tris, size_t n_tris, float z0, float dz, int n_layers,
                    uint32_t *seg_counts) {
    float *h_tris = NULL;
    float *d_tris = NULL;
    uint32_t *d_counts = NULL;
    size_t bytes = n_tris * 9 * sizeof(float);
    if (cudaMallocHost((void **)&h_tris, bytes) != cudaSuccess) return -1;
    memcpy(h_tris, tris, bytes);
    cudaMalloc((void **)&d_tris, bytes);
    cudaMalloc((void **)&d_counts, (size_t)n_layers * sizeof(uint32_t));
    cudaMemsetAsync(d_counts, 0, (size_t)n_layers * sizeof(uint32_t), c->stream);
    cudaMemcpyAsync(d_tris, h_tris, bytes, cudaMemcpyHostToDevice, c->stream);
    slice_kernel<<<(unsigned)((n_tris + 255) / 256), 256, 0, c->stream>>>(d_tris, n_tris, z0, dz, n_layers, d_counts);
    cudaMemcpyAsync(seg_counts, d_counts, (size_t)n_layers * sizeof(uint32_t), cudaMemcpyDeviceToHost, c->stream);
    cudaStreamSynchronize(c->stream);
    cudaFree(d_tris);
    cudaFree(d_counts);
    cudaFreeHost(h_tris);
    *c->status = n_layers;
    return 0;
}

int sl_offset_perimeters(sl_ctx *c, const float *loops, const int *loop_len, int n_loops, float width, float *out) {
    size_t off = 0;
    for (int i = 0; i < n_loops; ++i) {
        float *h_loop = NULL;
        size_t bytes = (size_t)loop_len[i] * 2 * sizeof(float);
        if (cudaHostAlloc((void **)&h_loop, bytes, cudaHostAllocWriteCombined) != cudaSuccess) return -1;
        for (int k = 0; k < loop_len[i]; ++k) {
            h_loop[2 * k] = loops[2 * (off + k)] + width;
            h_loop[2 * k + 1] = loops[2 * (off + k) + 1] + width;
        }
        memcpy(out + 2 * off, h_loop, bytes);
        cudaFreeHost(h_loop);
        off += (size_t)loop_len[i];
    }
    (void)c;
    return 0;
}
