#include "usbf/beamformer.hpp"

#include <cmath>
#include <mutex>
#include <unordered_map>

namespace usbf {

const PinnedView1D<float>& hann_window(int n) {
  static std::mutex mu;
  static std::unordered_map<int, PinnedView1D<float>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(n);
  if (it == cache.end()) {
    PinnedView1D<float> w("hann", n);
    for (int i = 0; i < n; ++i) w(i) = 0.5f - 0.5f * std::cos(2.0f * static_cast<float>(M_PI) * i / (n - 1));
    it = cache.emplace(n, w).first;
  }
  return it->second;
}

PinnedView2D<float> make_rf_stage(int n_chan, int n_samp) {
  return PinnedView2D<float>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "rf_stage"), n_chan, n_samp);
}

Beamformer::Beamformer(const ProbeGeometry& probe, int n_angles, float max_angle_deg, int nz, int nx, float fs,
                       float c0)
    : probe_(probe), n_angles_(n_angles), nz_(nz), nx_(nx), fs_(fs), c0_(c0) {
  delays_h_ = PinnedView2D<float>("tx_delays", n_angles, probe.n_elem);
  for (int a = 0; a < n_angles; ++a) {
    const float th = (n_angles > 1 ? -1.f + 2.f * a / (n_angles - 1) : 0.f) * max_angle_deg * static_cast<float>(M_PI) / 180.f;
    for (int e = 0; e < probe.n_elem; ++e) delays_h_(a, e) = probe.x[e] * std::sin(th) / c0;
  }
  delays_d_ = DevView2D<float>("tx_delays_d", n_angles, probe.n_elem);
  Kokkos::deep_copy(delays_d_, delays_h_);
}

void Beamformer::beamform(const Frame& f, DevView2D<float> img) {
  auto rf = make_rf_stage(f.n_chan, f.n_samp);
  const auto& win = hann_window(f.n_chan);
  for (int c = 0; c < f.n_chan; ++c)
    for (int s = 0; s < f.n_samp; ++s) rf(c, s) = win(c) * static_cast<float>(f.rf[static_cast<size_t>(c) * f.n_samp + s]);
  if (rf_d_.extent(0) != static_cast<size_t>(f.n_chan) || rf_d_.extent(1) != static_cast<size_t>(f.n_samp))
    rf_d_ = DevView2D<float>("rf_d", f.n_chan, f.n_samp);
  Kokkos::deep_copy(rf_d_, rf);
  auto rf_d = rf_d_;
  auto delays = delays_d_;
  auto xs = probe_.x;
  Kokkos::View<float*, DeviceMem> ex("elem_x", xs.size());
  Kokkos::deep_copy(ex, Kokkos::View<float*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(xs.data(), xs.size()));
  const int a = f.angle_idx, n_chan = f.n_chan, n_samp = f.n_samp, nx = nx_;
  const float fs = fs_, c0 = c0_, dz = c0 / fs / 2.f, dx = probe_.pitch;
  Kokkos::parallel_for(
      "das", Kokkos::MDRangePolicy<ExecSpace, Kokkos::Rank<2>>({0, 0}, {nz_, nx_}), KOKKOS_LAMBDA(int iz, int ix) {
        const float z = iz * dz, x = (ix - nx / 2) * dx;
        float acc = 0.f;
        for (int c = 0; c < n_chan; ++c) {
          const float rx = sqrtf(z * z + (x - ex(c)) * (x - ex(c)));
          const int s = static_cast<int>((z / c0 + delays(a, c) + rx / c0) * fs);
          if (s >= 0 && s < n_samp) acc += rf_d(c, s);
        }
        img(iz, ix) = acc;
      });
  Kokkos::fence();
}

Compounder::Compounder(int n_angles, int nz, int nx) : n_angles_(n_angles), nz_(nz), nx_(nx) {
  out_ = PinnedView2D<float>("compound_out", nz, nx);
}

const PinnedView2D<float>& Compounder::compound(const std::vector<DevView2D<float>>& angle_imgs) {
  Kokkos::deep_copy(out_, 0.f);
  for (std::size_t a = 0; a < angle_imgs.size(); ++a) {
    Kokkos::View<float**, Kokkos::LayoutRight, Kokkos::HIPHostPinnedSpace> tmp("angle_img", nz_, nx_);
    Kokkos::deep_copy(tmp, angle_imgs[a]);
    for (int iz = 0; iz < nz_; ++iz)
      for (int ix = 0; ix < nx_; ++ix) out_(iz, ix) += tmp(iz, ix) / static_cast<float>(angle_imgs.size());
  }
  return out_;
}

}  // namespace usbf
