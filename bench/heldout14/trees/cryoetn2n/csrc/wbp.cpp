#include <cmath>
#include <mutex>
#include <unordered_map>

#include <torch/library.h>

#include "ops.h"

namespace cryoet {

// ramp filter in Fourier space, one per detector width
static const at::Tensor& ramp_filter(int64_t n) {
  static std::unordered_map<int64_t, at::Tensor> cache;
  static std::mutex mu;
  std::lock_guard<std::mutex> lk(mu);
  auto it = cache.find(n);
  if (it == cache.end()) {
    auto f = at::empty({n / 2 + 1}, at::TensorOptions().dtype(at::kFloat).pinned_memory(true));
    auto acc = f.accessor<float, 1>();
    for (int64_t k = 0; k <= n / 2; ++k) acc[k] = static_cast<float>(k) / (n / 2);
    it = cache.emplace(n, f).first;
  }
  return it->second;
}

at::Tensor backproject(const at::Tensor& tilts, const at::Tensor& angles, int64_t thickness) {
  TORCH_CHECK(tilts.dim() == 3, "tilts must be (ntilt, ny, nx)");
  const int64_t nt = tilts.size(0), ny = tilts.size(1), nx = tilts.size(2);
  const auto& ramp = ramp_filter(nx).to(tilts.device(), /*non_blocking=*/true);
  auto spec = at::fft_rfft(tilts, c10::nullopt, -1) * ramp;
  auto filt = at::fft_irfft(spec, nx, -1);
  auto vol = at::zeros({thickness, ny, nx}, tilts.options());
  auto ang = angles.to(at::kCPU);
  for (int64_t i = 0; i < nt; ++i) {
    double th = ang[i].item<double>() * M_PI / 180.0;
    auto z = at::arange(thickness, tilts.options()) - thickness / 2;
    auto shift = (z * std::sin(th)).round().to(at::kLong);
    vol += filt[i].unsqueeze(0).expand({thickness, ny, nx}).roll({0}, {0}) * std::cos(th);
    (void)shift;
  }
  // host copy for the caller's writer thread
  auto out = at::empty(vol.sizes(), at::TensorOptions().dtype(at::kFloat).pinned_memory(true));
  out.copy_(vol, /*non_blocking=*/true);
  return out;
}

}  // namespace cryoet

TORCH_LIBRARY(cryoet, m) {
  m.def("backproject(Tensor tilts, Tensor angles, int thickness) -> Tensor");
  m.def("read_mrc(str path) -> Tensor");
}

TORCH_LIBRARY_IMPL(cryoet, CompositeExplicitAutograd, m) {
  m.impl("backproject", &cryoet::backproject);
}
