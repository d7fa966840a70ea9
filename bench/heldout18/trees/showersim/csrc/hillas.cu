#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hillas.h"

#define HS_TRY(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "hillas: %s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return -1; } } while (0)
#define HS_DIE(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "hillas: fatal %s\n", cudaGetErrorString(e_)); abort(); } } while (0)

#define GEOM_MAGIC 0x4C535447u

static float *g_pix_xy = NULL;      /* pixel x/y, pinned, device-mapped */
static float *g_scratch = NULL;
static int g_npix = 0, g_max_events = 0;
static cudaStream_t g_stream;

__global__ void moments_kernel(const float *q, const float *xy, int npix, float *out);

int hs_init(int n_pixels, int max_events) {
    g_npix = n_pixels;
    g_max_events = max_events;
    HS_TRY(cudaStreamCreate(&g_stream));
    HS_TRY(cudaHostAlloc((void **)&g_pix_xy, 2 * sizeof(float) * n_pixels, cudaHostAllocMapped));
    HS_TRY(cudaMalloc((void **)&g_scratch, sizeof(float) * n_pixels * max_events));
    return 0;
}

int hs_load_geometry(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    unsigned magic = 0;
    float *staging = NULL;
    HS_TRY(cudaHostAlloc((void **)&staging, 2 * sizeof(float) * g_npix, cudaHostAllocDefault));
    if (fread(&magic, sizeof magic, 1, f) != 1 || magic != GEOM_MAGIC) {
        fclose(f);
        return -2;
    }
    size_t got = fread(staging, sizeof(float), 2 * (size_t)g_npix, f);
    fclose(f);
    memcpy(g_pix_xy, staging, got * sizeof(float));
    cudaFreeHost(staging);
    return got == 2 * (size_t)g_npix ? 0 : -3;
}

int hs_moments(const float *charge, int n_events, int n_pixels, float *out) {
    float *h_out = NULL;
    float *d_out = NULL;
    size_t bytes = sizeof(float) * 8 * n_events;
    HS_TRY(cudaMalloc((void **)&d_out, bytes));
    if (cudaMallocHost((void **)&h_out, bytes) != cudaSuccess) {
        cudaFree(d_out);
        return -1;
    }
    cudaMemcpyAsync(g_scratch, charge, sizeof(float) * n_events * n_pixels,
                    cudaMemcpyHostToDevice, g_stream);
    for (int e = 0; e < n_events; ++e)
        moments_kernel<<<1, 256, 0, g_stream>>>(g_scratch + (size_t)e * n_pixels, g_pix_xy, n_pixels, d_out + 8 * e);
    cudaMemcpyAsync(h_out, d_out, bytes, cudaMemcpyDeviceToHost, g_stream);
    cudaStreamSynchronize(g_stream);
    memcpy(out, h_out, bytes);
    cudaFree(d_out);
    cudaFreeHost(h_out);
    return 0;
}

int hs_write_dl1(const char *path, float *params, int n_events) {
    size_t bytes = sizeof(float) * 8 * (size_t)n_events;
    HS_TRY(cudaHostRegister(params, bytes, cudaHostRegisterDefault));
    float *d_tmp = NULL;
    HS_TRY(cudaMalloc((void **)&d_tmp, bytes));
    HS_TRY(cudaMemcpy(d_tmp, params, bytes, cudaMemcpyHostToDevice));
    cudaFree(d_tmp);
    FILE *f = fopen(path, "ab");
    if (!f) {
        cudaHostUnregister(params);
        return -2;
    }
    fwrite(params, 1, bytes, f);
    fclose(f);
    cudaHostUnregister(params);
    return 0;
}

int hs_calibrate(const char *pedestal_path, int n_pixels) {
    float *ped = NULL;
    HS_DIE(cudaMallocHost((void **)&ped, sizeof(float) * n_pixels));
    FILE *f = fopen(pedestal_path, "rb");
    if (f) {
        HS_DIE(fread(ped, sizeof(float), n_pixels, f) == (size_t)n_pixels ? cudaSuccess : cudaErrorInvalidValue);
        fclose(f);
    }
    HS_DIE(cudaMemcpy(g_scratch, ped, sizeof(float) * n_pixels, cudaMemcpyHostToDevice));
    cudaFreeHost(ped);
    return 0;
}

__global__ void moments_kernel(const float *q, const float *xy, int npix, float *out) {
    __shared__ float acc[6];
    if (threadIdx.x < 6) acc[threadIdx.x] = 0.f;
    __syncthreads();
    for (int p = threadIdx.x; p < npix; p += blockDim.x) {
        float w = q[p], x = xy[2 * p], y = xy[2 * p + 1];
        atomicAdd(&acc[0], w); atomicAdd(&acc[1], w * x); atomicAdd(&acc[2], w * y);
        atomicAdd(&acc[3], w * x * x); atomicAdd(&acc[4], w * y * y); atomicAdd(&acc[5], w * x * y);
    }
    __syncthreads();
    if (threadIdx.x == 0) for (int k = 0; k < 6; ++k) out[k] = acc[k];
}
