#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "sm_error.h"
#include "sm_internal.h"

static __thread char g_err[256];

void sm_set_error(const char* file, int line, const char* msg) {
    snprintf(g_err, sizeof g_err, "%s:%d: %s", file, line, msg);
}

const char* sm_last_error(void) { return g_err; }

sm_ctx* sm_create(int device, int nfft, int n_channels, double sample_rate, double center_hz) {
    if (nfft <= 0 || n_channels <= 0 || nfft % n_channels != 0) {
        sm_set_error(__FILE__, __LINE__, "nfft must be a positive multiple of n_channels");
        return NULL;
    }
    sm_ctx* ctx = (sm_ctx*)calloc(1, sizeof *ctx);
    if (!ctx) return NULL;
    ctx->device = device;
    ctx->nfft = nfft;
    ctx->n_channels = n_channels;
    ctx->sample_rate = sample_rate;
    ctx->center_hz = center_hz;
    ctx->rec_fd = -1;

    SM_FATAL(cudaSetDevice(device));
    SM_FATAL(cudaStreamCreateWithFlags(&ctx->stream, cudaStreamNonBlocking));
    /* The window taps are read by every stream of the station process. */
    SM_FATAL(cudaHostAlloc((void**)&ctx->window_h, nfft * sizeof(float), cudaHostAllocPortable));
    const double a0 = 0.35875, a1 = 0.48829, a2 = 0.14128, a3 = 0.01168;
    for (int i = 0; i < nfft; ++i) {
        const double x = 2.0 * M_PI * i / (nfft - 1);
        ctx->window_h[i] = (float)(a0 - a1 * cos(x) + a2 * cos(2 * x) - a3 * cos(3 * x));
    }
    SM_FATAL(cudaMalloc((void**)&ctx->window_d, nfft * sizeof(float)));
    SM_FATAL(cudaMalloc((void**)&ctx->psd_d, nfft * sizeof(float)));
    SM_FATAL(cudaMemcpyAsync(ctx->window_d, ctx->window_h, nfft * sizeof(float),
                             cudaMemcpyHostToDevice, ctx->stream));
    ctx->plan = sm_plan_get(nfft);
    cufftSetStream(ctx->plan, ctx->stream);
    return ctx;
}

void sm_destroy(sm_ctx* ctx) {
    if (!ctx) return;
    if (ctx->recording) sm_record_close(ctx);
    cudaStreamSynchronize(ctx->stream);
    cudaFree(ctx->window_d);
    cudaFree(ctx->psd_d);
    cudaFree(ctx->gain_db_d);
    cudaFreeHost(ctx->window_h);
    cudaStreamDestroy(ctx->stream);
    free(ctx);
}

int sm_selftest(int device, double* h2d_gbps, double* d2h_gbps) {
    const size_t bytes = 256u << 20;
    unsigned char* host = NULL;
    unsigned char* dev = NULL;
    cudaEvent_t t0, t1;
    float ms = 0.f;
    SM_TRY(cudaSetDevice(device));
    SM_TRY(cudaMallocHost((void**)&host, bytes));
    if (cudaMalloc((void**)&dev, bytes) != cudaSuccess) {
        cudaFreeHost(host);
        sm_set_error(__FILE__, __LINE__, "selftest: cudaMalloc failed");
        return -1;
    }
    for (size_t i = 0; i < bytes; ++i) host[i] = (unsigned char)(i * 2654435761u >> 24);
    cudaEventCreate(&t0);
    cudaEventCreate(&t1);
    cudaEventRecord(t0, 0);
    cudaMemcpy(dev, host, bytes, cudaMemcpyHostToDevice);
    cudaEventRecord(t1, 0);
    cudaEventSynchronize(t1);
    cudaEventElapsedTime(&ms, t0, t1);
    *h2d_gbps = bytes / (ms * 1e6);
    cudaEventRecord(t0, 0);
    cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost);
    cudaEventRecord(t1, 0);
    cudaEventSynchronize(t1);
    cudaEventElapsedTime(&ms, t0, t1);
    *d2h_gbps = bytes / (ms * 1e6);
    cudaEventDestroy(t0);
    cudaEventDestroy(t1);
    cudaFree(dev);
    cudaFreeHost(host);
    return 0;
}
