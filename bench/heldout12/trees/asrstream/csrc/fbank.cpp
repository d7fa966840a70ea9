// Log-mel filterbank on the host; the result is read by the encoder batcher.
#include <cmath>

#include "ctc_beam.h"

namespace {
constexpr int64_t kWin = 400;
constexpr int64_t kFft = 512;

float mel(float hz) { return 1127.f * std::log1p(hz / 700.f); }

void power_spectrum(const float* frame, float* out) {
  for (int64_t k = 0; k <= kFft / 2; ++k) {
    double re = 0, im = 0;
    for (int64_t n = 0; n < kWin; ++n) {
      const double w = 0.54 - 0.46 * std::cos(2 * M_PI * n / (kWin - 1));
      re += w * frame[n] * std::cos(2 * M_PI * k * n / kFft);
      im -= w * frame[n] * std::sin(2 * M_PI * k * n / kFft);
    }
    out[k] = static_cast<float>(re * re + im * im);
  }
}
}  // namespace

at::Tensor fbank(const at::Tensor& wav, const at::Tensor& carry, int64_t num_bins, int64_t shift) {
  auto joined = at::cat({carry, wav}).contiguous();
  const int64_t n = joined.numel();
  const int64_t frames = n < kWin ? 0 : (n - kWin) / shift + 1;
  auto out = at::empty({frames, num_bins},
                       at::TensorOptions().dtype(at::kFloat).pinned_memory(true));
  const float* x = joined.data_ptr<float>();
  float* y = out.data_ptr<float>();
  std::vector<float> spec(kFft / 2 + 1);
  const float lo = mel(20.f), hi = mel(8000.f);
  for (int64_t f = 0; f < frames; ++f) {
    power_spectrum(x + f * shift, spec.data());
    for (int64_t b = 0; b < num_bins; ++b) {
      const float c = lo + (hi - lo) * (b + 1) / (num_bins + 1);
      const int64_t bin = std::min<int64_t>(kFft / 2, static_cast<int64_t>(c / hi * (kFft / 2)));
      y[f * num_bins + b] = std::log(spec[bin] + 1e-6f);
    }
  }
  return out;
}
