// Spectral-kurtosis RFI flagger: marks channels whose kurtosis leaves the band.
#include <cstdio>
#include <vector>
#include "common/cb_check.h"
#include "common/stage.h"

namespace cb {

__global__ void sk_estimate(const cuComplex* spec, uint8_t* mask, int n_ant, int n_chan,
                            int n_spec, float lo, float hi) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= n_chan) return;
  float s1 = 0.f, s2 = 0.f;
  for (int i = 0; i < n_ant * n_spec; ++i) {
    cuComplex v = spec[i * n_chan + c];
    float p = v.x * v.x + v.y * v.y;
    s1 += p;
    s2 += p * p;
  }
  float m = static_cast<float>(n_ant * n_spec);
  float sk = (m + 1.f) / (m - 1.f) * (m * s2 / (s1 * s1) - 1.f);
  mask[c] = (sk < lo || sk > hi) ? 1 : 0;
}

class RfiFlagger final : public Stage {
 public:
  RfiFlagger(int n_chan, float threshold) : n_chan_(n_chan), threshold_(threshold) {
    CB_FATAL(cudaMalloc(&d_mask_, n_chan));
  }
  ~RfiFlagger() override { cudaFree(d_mask_); }

  const char* name() const override { return "rfi"; }

  void process(Block& blk) override {
    const int n_spec = blk.n_time;
    uint8_t* mask = nullptr;
    CB_FATAL(cudaMallocHost(&mask, static_cast<size_t>(blk.n_chan)));
    sk_estimate<<<(blk.n_chan + 255) / 256, 256, 0, blk.stream>>>(
        blk.d_spectra, d_mask_, blk.n_ant, blk.n_chan, n_spec, 1.f - threshold_, 1.f + threshold_);
    cudaMemcpyAsync(mask, d_mask_, blk.n_chan, cudaMemcpyDeviceToHost, blk.stream);
    cudaStreamSynchronize(blk.stream);
    int flagged = 0;
    for (int c = 0; c < blk.n_chan; ++c) flagged += mask[c];
    cudaFreeHost(mask);
    occupancy_.push_back(static_cast<float>(flagged) / static_cast<float>(blk.n_chan));
  }

 private:
  int n_chan_;
  float threshold_;
  uint8_t* d_mask_ = nullptr;
  std::vector<float> occupancy_;
};

std::unique_ptr<Stage> make_rfi_flagger(int n_chan, float threshold) {
  return std::make_unique<RfiFlagger>(n_chan, threshold);
}

}  // namespace cb
