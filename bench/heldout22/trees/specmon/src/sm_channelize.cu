/* Windowed FFT channeliser with Welch averaging over the frames of one capture. */
#include <string.h>

#include "sm_error.h"
#include "sm_internal.h"

__global__ void iq_to_windowed(const short2* iq, const float* win, cufftComplex* out, int nfft, int frames) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nfft * frames) return;
    const float w = win[i % nfft] * (1.0f / 32768.0f);
    out[i].x = iq[i].x * w;
    out[i].y = iq[i].y * w;
}

__global__ void welch_average(const cufftComplex* spec, const float* gain_db, float* psd, int nfft, int frames) {
    const int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= nfft) return;
    float acc = 0.f;
    for (int f = 0; f < frames; ++f) {
        const cufftComplex c = spec[f * nfft + k];
        acc += c.x * c.x + c.y * c.y;
    }
    const int shifted = (k + nfft / 2) % nfft; /* DC in the middle */
    psd[shifted] = 10.f * log10f(acc / frames + 1e-20f) + (gain_db ? gain_db[shifted] : 0.f);
}

int sm_channelize(sm_ctx* ctx, const int16_t* iq, size_t n_samples, float* out_psd) {
    const int nfft = ctx->nfft;
    const int frames = (int)(n_samples / nfft);
    SM_REQUIRE(frames > 0, "capture shorter than one FFT frame");
    const size_t bytes = (size_t)frames * nfft * 2 * sizeof(int16_t);

    int rc = -1;
    int16_t* staged = NULL;
    short2* iq_d = NULL;
    cufftComplex* spec_d = NULL;
    if (sm_stage_alloc((void**)&staged, bytes) != 0) return -1;
    memcpy(staged, iq, bytes);
    if (cudaMallocAsync((void**)&iq_d, bytes, ctx->stream) != cudaSuccess) goto done;
    if (cudaMallocAsync((void**)&spec_d, (size_t)frames * nfft * sizeof(cufftComplex), ctx->stream) != cudaSuccess)
        goto done;
    cudaMemcpyAsync(iq_d, staged, bytes, cudaMemcpyHostToDevice, ctx->stream);
    iq_to_windowed<<<(nfft * frames + 255) / 256, 256, 0, ctx->stream>>>(iq_d, ctx->window_d, spec_d, nfft, frames);
    if (cufftExecC2C(ctx->plan, spec_d, spec_d, CUFFT_FORWARD) != CUFFT_SUCCESS) goto done;
    welch_average<<<(nfft + 255) / 256, 256, 0, ctx->stream>>>(spec_d, ctx->gain_db_d, ctx->psd_d, nfft, frames);
    cudaMemcpyAsync(out_psd, ctx->psd_d, nfft * sizeof(float), cudaMemcpyDeviceToHost, ctx->stream);
    if (cudaStreamSynchronize(ctx->stream) == cudaSuccess) rc = 0;
done:
    if (rc != 0) sm_set_error(__FILE__, __LINE__, "channelize failed");
    cudaFreeAsync(spec_d, ctx->stream);
    cudaFreeAsync(iq_d, ctx->stream);
    cudaStreamSynchronize(ctx->stream);
    sm_stage_free(staged);
    return rc;
}
