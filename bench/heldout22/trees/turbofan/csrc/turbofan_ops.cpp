// Windowing and health-index ops for the C-MAPSS RUL models.
//
//   torch.ops.turbofan.sliding_windows(series, lengths, window, stride)
//   torch.ops.turbofan.health_index(settings, sensors)
//
// fit_regimes lives in regime_cluster.cpp (TORCH_LIBRARY_FRAGMENT below it).
#include <ATen/ATen.h>
#include <torch/library.h>

#include <cmath>
#include <cstdint>

namespace turbofan {

// series:  [n_engines, max_len, n_channels] float32 on the CPU, zero-padded
// lengths: [n_engines] int64, the real length of every engine's run
// returns [n_windows, window, n_channels]; the last cycle of a window is its RUL anchor.
at::Tensor sliding_windows(const at::Tensor& series, const at::Tensor& lengths,
                           int64_t window, int64_t stride) {
  TORCH_CHECK(series.dim() == 3, "series must be [engines, time, channels], got ", series.sizes());
  TORCH_CHECK(lengths.dim() == 1 && lengths.size(0) == series.size(0), "one length per engine");
  TORCH_CHECK(window > 0 && stride > 0, "window and stride must be positive");
  TORCH_CHECK(!series.is_cuda(), "sliding_windows runs on the host side of the loader");

  const auto src = series.contiguous();
  const auto len = lengths.accessor<int64_t, 1>();
  int64_t total = 0;
  for (int64_t e = 0; e < src.size(0); ++e) {
    if (len[e] >= window) total += (len[e] - window) / stride + 1;
  }

  auto out = at::empty({total, window, src.size(2)},
                       src.options().pinned_memory(true));
  const int64_t row = window * src.size(2);
  const float* in = src.data_ptr<float>();
  float* dst = out.data_ptr<float>();
  for (int64_t e = 0, w = 0; e < src.size(0); ++e) {
    const float* base = in + e * src.size(1) * src.size(2);
    for (int64_t t = 0; t + window <= len[e]; t += stride, ++w) {
      std::copy(base + t * src.size(2), base + t * src.size(2) + row, dst + w * row);
    }
  }
  return out;
}

// Piecewise health index from the fleet's mean degradation curve (256 knots). The
// curve is a constant of the fleet, so the host table is built on first use and kept.
at::Tensor health_index(const at::Tensor& settings, const at::Tensor& sensors) {
  static const at::Tensor knots = [] {
    auto t = at::empty({256}, at::TensorOptions().dtype(at::kFloat).pinned_memory(true));
    auto a = t.accessor<float, 1>();
    for (int i = 0; i < 256; ++i) a[i] = 1.0f - std::pow(static_cast<float>(i) / 255.0f, 1.7f);
    return t;
  }();
  auto idx = (sensors.mean(-1).sigmoid() * 255).to(at::kLong).clamp(0, 255);
  auto table = knots.to(sensors.device(), /*non_blocking=*/true);
  return table.index({idx}) * (1.0 - 0.1 * settings.select(-1, 0).tanh());
}

}  // namespace turbofan

TORCH_LIBRARY(turbofan, m) {
  m.def("sliding_windows(Tensor series, Tensor lengths, int window, int stride) -> Tensor",
        &turbofan::sliding_windows);
  m.def("health_index(Tensor settings, Tensor sensors) -> Tensor", &turbofan::health_index);
}
