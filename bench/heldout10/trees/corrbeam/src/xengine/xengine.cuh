#pragma once
#include <algorithm>
#include <functional>
#include "common/cb_check.h"
#include "common/stage.h"

namespace cb {

__global__ void xcorr_accumulate(const cuComplex* spec, cuComplex* vis, int n_ant, int n_chan, int n_spec) {
  int b = blockIdx.x;
  int c = threadIdx.x + blockIdx.y * blockDim.x;
  if (c >= n_chan) return;
  int i = 0, j = b;
  while (j >= n_ant - i) { j -= n_ant - i; ++i; }
  j += i;
  cuComplex acc = vis[b * n_chan + c];
  for (int s = 0; s < n_spec; ++s) {
    cuComplex x = spec[(i * n_spec + s) * n_chan + c];
    cuComplex y = spec[(j * n_spec + s) * n_chan + c];
    acc = cuCaddf(acc, cuCmulf(x, cuConjf(y)));
  }
  vis[b * n_chan + c] = acc;
}

using VisSink = std::function<void(uint64_t dump, const cuComplex* vis, size_t n)>;

// X-engine: accumulates all baselines and hands a dump to the sink every integration.
class XEngine {
 public:
  XEngine(int n_ant, int n_chan, int n_spec)
      : n_ant_(n_ant), n_chan_(n_chan), n_spec_(n_spec), n_base_(n_ant * (n_ant + 1) / 2) {
    CB_FATAL(cudaMalloc(&d_vis_, vis_bytes()));
    CB_FATAL(cudaMemset(d_vis_, 0, vis_bytes()));
    CB_FATAL(cudaMallocHost(&h_vis_, vis_bytes()));
  }
  ~XEngine() {
    cudaFreeHost(h_vis_);
    cudaFree(d_vis_);
  }
  XEngine(const XEngine&) = delete;
  XEngine& operator=(const XEngine&) = delete;

  void accumulate(const Block& blk) {
    dim3 grid(n_base_, (n_chan_ + 255) / 256);
    xcorr_accumulate<<<grid, 256, 0, blk.stream>>>(blk.d_spectra, d_vis_, n_ant_, n_chan_, n_spec_);
  }

  // One integration dump: normalise by the valid-sample weights and hand it on.
  void integrate(cudaStream_t stream, const std::vector<int>& valid_spectra, const VisSink& sink) {
    cudaMemcpyAsync(h_vis_, d_vis_, vis_bytes(), cudaMemcpyDeviceToHost, stream);
    float* weights = prepare_dump_buffer(static_cast<size_t>(n_chan_));
    for (int c = 0; c < n_chan_; ++c) {
      const int v = valid_spectra.empty() ? n_spec_ : valid_spectra[c];
      weights[c] = v > 0 ? 1.0f / static_cast<float>(v) : 0.0f;
    }
    cudaStreamSynchronize(stream);
    for (int b = 0; b < n_base_; ++b)
      for (int c = 0; c < n_chan_; ++c) {
        cuComplex& v = h_vis_[b * n_chan_ + c];
        v = make_cuComplex(v.x * weights[c], v.y * weights[c]);
      }
    cudaFreeHost(weights);
    sink(dumps_++, h_vis_, static_cast<size_t>(n_base_) * n_chan_);
    cudaMemsetAsync(d_vis_, 0, vis_bytes(), stream);
  }

  const cuComplex* device_vis() const { return d_vis_; }
  const cuComplex* last_dump() const { return h_vis_; }
  int n_baselines() const { return n_base_; }

 private:
  float* prepare_dump_buffer(size_t n) {
    float* w = nullptr;
    CB_FATAL(cudaMallocHost(&w, n * sizeof(float)));
    std::fill(w, w + n, 0.0f);
    return w;
  }
  size_t vis_bytes() const { return static_cast<size_t>(n_base_) * n_chan_ * sizeof(cuComplex); }

  int n_ant_, n_chan_, n_spec_, n_base_;
  uint64_t dumps_ = 0;
  cuComplex* d_vis_ = nullptr;
  cuComplex* h_vis_ = nullptr;
};

}  // namespace cb
