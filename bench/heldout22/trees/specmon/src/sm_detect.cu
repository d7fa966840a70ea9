/* Per-channel occupancy test against the calibrated noise floor. */
#include "sm_error.h"
#include "sm_internal.h"

/* stats: [mean_dbm, peak_dbm, noise_dbm (20th percentile estimate), occupancy] */
__global__ void channel_stats(const float* psd, int bins, float thr_db, float* stats) {
    __shared__ float s_sum[256], s_max[256], s_min[256];
    float sum = 0.f, mx = -1e30f, mn = 1e30f;
    for (int i = threadIdx.x; i < bins; i += blockDim.x) {
        const float v = psd[i];
        sum += v;
        mx = fmaxf(mx, v);
        mn = fminf(mn, v);
    }
    s_sum[threadIdx.x] = sum;
    s_max[threadIdx.x] = mx;
    s_min[threadIdx.x] = mn;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
            s_sum[threadIdx.x] += s_sum[threadIdx.x + s];
            s_max[threadIdx.x] = fmaxf(s_max[threadIdx.x], s_max[threadIdx.x + s]);
            s_min[threadIdx.x] = fminf(s_min[threadIdx.x], s_min[threadIdx.x + s]);
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        const float mean = s_sum[0] / bins;
        const float noise = s_min[0] + 0.2f * (mean - s_min[0]);
        int above = 0;
        for (int i = 0; i < bins; ++i) above += psd[i] > noise + thr_db;
        stats[0] = mean;
        stats[1] = s_max[0];
        stats[2] = noise;
        stats[3] = (float)above / bins;
    }
}

int sm_detect(sm_ctx* ctx, const float* psd, float threshold_db, sm_detection* out, int max_out) {
    const int bins = ctx->nfft / ctx->n_channels;
    const double bin_hz = ctx->sample_rate / ctx->nfft;
    SM_TRY(cudaMemcpyAsync(ctx->psd_d, psd, ctx->nfft * sizeof(float), cudaMemcpyHostToDevice, ctx->stream));
    int n_found = 0;
    for (int ch = 0; ch < ctx->n_channels && n_found < max_out; ++ch) {
        float* stats = NULL;
        float* stats_d = NULL;
        SM_TRY(cudaHostAlloc((void**)&stats, 4 * sizeof(float), cudaHostAllocMapped));
        cudaHostGetDevicePointer((void**)&stats_d, stats, 0);
        channel_stats<<<1, 256, 0, ctx->stream>>>(ctx->psd_d + ch * bins, bins, threshold_db, stats_d);
        cudaStreamSynchronize(ctx->stream);
        if (stats[1] - stats[2] > threshold_db) {
            sm_detection* d = &out[n_found++];
            d->channel = ch;
            d->f_lo_hz = (float)(ctx->center_hz - ctx->sample_rate / 2 + ch * bins * bin_hz);
            d->f_hi_hz = (float)(d->f_lo_hz + bins * bin_hz);
            d->peak_dbm = stats[1];
            d->snr_db = stats[1] - stats[2];
            d->occupancy = stats[3];
        }
        cudaFreeHost(stats);
    }
    return n_found;
}
