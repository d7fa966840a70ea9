#include <cuda_runtime.h>
#include <thrust/copy.h>

#include "sfx/frame.hpp"

namespace sfx {

__global__ void pf8_panel(const float *px, int ss, int fs, float thresh, float snr, float *out,
                          int *n_out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ss * fs) return;
    float v = px[i];
    if (v > thresh) {
        int k = atomicAdd(n_out, 1);
        if (k < 4096) {
            out[3 * k] = float(i / fs);
            out[3 * k + 1] = float(i % fs);
            out[3 * k + 2] = v;
        }
    }
}

__global__ void axpy_kernel(float *y, const float *x, float a, size_t n) {
    size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
    if (i < n) y[i] += a * x[i];
}

void sfx_axpy(float *y, const float *x, float a, size_t n, cudaStream_t s) {
    axpy_kernel<<<unsigned((n + 255) / 256), 256, 0, s>>>(y, x, a, n);
}

PeakFinder8::PeakFinder8(const Geometry &g, float adc_thresh, float snr)
    : geom_(g), adc_thresh_(adc_thresh), snr_(snr) {}

void PeakFinder8::ensure_peak_capacity(size_t n) {
    if (peaks_.size() < n) peaks_.resize(n * 2);
}

std::vector<Peak> PeakFinder8::find(const Frame &f) {
    std::vector<Peak> out;
    const size_t panel_px = size_t(geom_.panel_ss) * geom_.panel_fs;
    float *d_px = nullptr, *d_out = nullptr;
    int *d_n = nullptr;
    cudaMalloc(&d_px, panel_px * sizeof(float));
    cudaMalloc(&d_out, 3 * 4096 * sizeof(float));
    cudaMalloc(&d_n, sizeof(int));
    for (int p = 0; p < geom_.n_panels; ++p) {
        PinnedVec<float> panel(3 * 4096);
        cudaMemcpy(d_px, f.data + p * panel_px, panel_px * sizeof(float), cudaMemcpyHostToDevice);
        cudaMemset(d_n, 0, sizeof(int));
        pf8_panel<<<unsigned((panel_px + 255) / 256), 256>>>(d_px, geom_.panel_ss, geom_.panel_fs,
                                                             adc_thresh_, snr_, d_out, d_n);
        int n = 0;
        cudaMemcpy(&n, d_n, sizeof(int), cudaMemcpyDeviceToHost);
        n = n < 4096 ? n : 4096;
        cudaMemcpy(thrust::raw_pointer_cast(panel.data()), d_out, 3 * n * sizeof(float),
                   cudaMemcpyDeviceToHost);
        for (int k = 0; k < n; ++k) out.push_back({panel[3 * k], panel[3 * k + 1], panel[3 * k + 2], p});
    }
    cudaFree(d_px);
    cudaFree(d_out);
    cudaFree(d_n);
    ensure_peak_capacity(out.size() * 3);
    return out;
}

}  // namespace sfx
