// FFT cross-correlation of interrogation windows with sub-pixel Gaussian peak fit.
#include <cmath>
#include "piv/hip_check.hpp"
#include "piv/stages.hpp"

namespace piv {

__global__ void extract_windows(const uint16_t* a, const uint16_t* b, const int* offsets,
                                const float2* pred, float* win, int width, int height, int window, int n) {
  const int w = blockIdx.x;
  if (w >= n) return;
  const float2 d = pred ? pred[w] : make_float2(0.f, 0.f);
  for (int t = threadIdx.x; t < window * window; t += blockDim.x) {
    const int px = offsets[2 * w] + t % window, py = offsets[2 * w + 1] + t / window;
    const int qx = min(max(px + (int)lrintf(d.x), 0), width - 1);
    const int qy = min(max(py + (int)lrintf(d.y), 0), height - 1);
    win[(2 * w) * window * window + t] = a[min(max(py, 0), height - 1) * width + min(max(px, 0), width - 1)];
    win[(2 * w + 1) * window * window + t] = b[qy * width + qx];
  }
}

__global__ void conj_multiply(hipfftComplex* spec, int n_windows, int n_freq) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int w = i / n_freq, f = i % n_freq;
  if (w >= n_windows) return;
  hipfftComplex x = spec[(2 * w) * n_freq + f], y = spec[(2 * w + 1) * n_freq + f];
  spec[(2 * w) * n_freq + f] = make_float2(x.x * y.x + x.y * y.y, x.x * y.y - x.y * y.x);
}

__global__ void find_peaks(const float* corr, float4* peaks, int window, int n) {
  const int w = blockIdx.x * blockDim.x + threadIdx.x;
  if (w >= n) return;
  const float* c = corr + (2 * w) * window * window;
  int best = 0;
  for (int i = 1; i < window * window; ++i)
    if (c[i] > c[best]) best = i;
  const int bx = best % window, by = best / window;
  auto at = [&](int x, int y) { return fmaxf(c[((y + window) % window) * window + (x + window) % window], 1e-6f); };
  const float sx = (logf(at(bx - 1, by)) - logf(at(bx + 1, by))) /
                   (2.f * (logf(at(bx - 1, by)) + logf(at(bx + 1, by)) - 2.f * logf(at(bx, by))));
  const float sy = (logf(at(bx, by - 1)) - logf(at(bx, by + 1))) /
                   (2.f * (logf(at(bx, by - 1)) + logf(at(bx, by + 1)) - 2.f * logf(at(bx, by))));
  const float dx = (bx > window / 2 ? bx - window : bx) + sx;
  const float dy = (by > window / 2 ? by - window : by) + sy;
  peaks[w] = make_float4(dx, dy, c[best], 0.f);
}

__global__ void colormap_kernel(const float* uv, uint8_t* rgb, int n, float vmax) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float m = fminf(sqrtf(uv[2 * i] * uv[2 * i] + uv[2 * i + 1] * uv[2 * i + 1]) / vmax, 1.f);
  rgb[3 * i] = (uint8_t)(255 * m);
  rgb[3 * i + 1] = (uint8_t)(255 * (1.f - fabsf(2.f * m - 1.f)));
  rgb[3 * i + 2] = (uint8_t)(255 * (1.f - m));
}

CrossCorrelator::CrossCorrelator(const PivConfig& cfg) : cfg_(cfg) {
  const int wmax = cfg.window << (cfg.passes - 1);
  const std::size_t n = cfg.max_vectors;
  PIV_HIP(hipStreamCreate(&stream_));
  PIV_HIP(hipMalloc(&d_a_, static_cast<std::size_t>(cfg.width) * cfg.height * sizeof(uint16_t)));
  PIV_HIP(hipMalloc(&d_b_, static_cast<std::size_t>(cfg.width) * cfg.height * sizeof(uint16_t)));
  PIV_HIP(hipMalloc(&d_win_, 2 * n * wmax * wmax * sizeof(float)));
  PIV_HIP(hipMalloc(&d_spec_, 2 * n * wmax * (wmax / 2 + 1) * sizeof(hipfftComplex)));
  PIV_HIP(hipMalloc(&d_offsets_, 2 * n * sizeof(int)));
  PIV_HIP(hipMalloc(&d_peaks_, n * sizeof(float4)));
  PIV_HIP(hipHostMalloc(reinterpret_cast<void**>(&h_peaks_), n * sizeof(float4), hipHostMallocDefault));
}

CrossCorrelator::~CrossCorrelator() {
  hipHostFree(h_peaks_);
  hipFree(d_peaks_);
  hipFree(d_offsets_);
  hipFree(d_spec_);
  hipFree(d_win_);
  hipFree(d_b_);
  hipFree(d_a_);
  hipStreamDestroy(stream_);
}

int* CrossCorrelator::make_window_table(int window, const VectorField& grid) {
  int* t = nullptr;
  PIV_HIP(hipHostMalloc(reinterpret_cast<void**>(&t), grid.size() * 2 * sizeof(int), hipHostMallocDefault));
  for (std::size_t i = 0; i < grid.size(); ++i) {
    t[2 * i] = static_cast<int>(grid.x[i]) - window / 2;
    t[2 * i + 1] = static_cast<int>(grid.y[i]) - window / 2;
  }
  return t;
}

void CrossCorrelator::correlate(const FramePair& p, const float2* d_predictor, int window, VectorField& field) {
  const int n = static_cast<int>(field.size());
  const std::size_t px = static_cast<std::size_t>(p.a.width) * p.a.height * sizeof(uint16_t);
  int* offsets = make_window_table(window, field);
  hipMemcpyAsync(d_a_, p.a.pixels, px, hipMemcpyHostToDevice, stream_);
  hipMemcpyAsync(d_b_, p.b.pixels, px, hipMemcpyHostToDevice, stream_);
  hipMemcpyAsync(d_offsets_, offsets, 2 * field.size() * sizeof(int), hipMemcpyHostToDevice, stream_);
  extract_windows<<<n, 256, 0, stream_>>>(d_a_, d_b_, d_offsets_, d_predictor, d_win_, p.a.width,
                                          p.a.height, window, n);
  int dims[2] = {window, window};
  hipfftPlanMany(&plan_fwd_, 2, dims, nullptr, 1, 0, nullptr, 1, 0, HIPFFT_R2C, 2 * n);
  hipfftPlanMany(&plan_inv_, 2, dims, nullptr, 1, 0, nullptr, 1, 0, HIPFFT_C2R, 2 * n);
  hipfftSetStream(plan_fwd_, stream_);
  hipfftSetStream(plan_inv_, stream_);
  hipfftExecR2C(plan_fwd_, d_win_, d_spec_);
  const int n_freq = window * (window / 2 + 1);
  conj_multiply<<<(n * n_freq + 255) / 256, 256, 0, stream_>>>(d_spec_, n, n_freq);
  hipfftExecC2R(plan_inv_, d_spec_, d_win_);
  find_peaks<<<(n + 127) / 128, 128, 0, stream_>>>(d_win_, d_peaks_, window, n);
  hipMemcpyAsync(h_peaks_, d_peaks_, n * sizeof(float4), hipMemcpyDeviceToHost, stream_);
  hipStreamSynchronize(stream_);
  hipfftDestroy(plan_fwd_);
  hipfftDestroy(plan_inv_);
  for (int i = 0; i < n; ++i) {
    field.u[i] += h_peaks_[i].x;
    field.v[i] += h_peaks_[i].y;
  }
  hipHostFree(offsets);
}

void CrossCorrelator::colormap(const VectorField& f, uint8_t* rgb) {
  const int n = static_cast<int>(f.size());
  std::vector<float> uv(2 * f.size());
  for (int i = 0; i < n; ++i) {
    uv[2 * i] = f.u[i];
    uv[2 * i + 1] = f.v[i];
  }
  float* d_uv = reinterpret_cast<float*>(d_peaks_);
  hipMemcpyAsync(d_uv, uv.data(), uv.size() * sizeof(float), hipMemcpyHostToDevice, stream_);
  uint8_t* d_rgb = reinterpret_cast<uint8_t*>(d_win_);
  colormap_kernel<<<(n + 255) / 256, 256, 0, stream_>>>(d_uv, d_rgb, n, 8.f);
  hipMemcpyAsync(rgb, d_rgb, 3 * f.size(), hipMemcpyDeviceToHost, stream_);
  hipStreamSynchronize(stream_);
}

}  // namespace piv
