#include <chrono>
#include <cstdio>

#include "usbf/beamformer.hpp"

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  usbf::ProbeGeometry probe;
  probe.n_elem = 128;
  probe.pitch = 0.3e-3f;
  for (int e = 0; e < 128; ++e) probe.x.push_back((e - 63.5f) * probe.pitch);
  usbf::Beamformer bf(probe, 11, 10.f, 512, 256, 31.25e6f, 1540.f);
  usbf::PinnedView2D<int16_t> rf("bench_rf", 128, 4096);
  usbf::DevView2D<float> img("img", 512, 256);
  const int iters = 200;
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < iters; ++i) {
    usbf::Frame f{static_cast<uint64_t>(i), 128, 4096, i % 11, rf.data()};
    bf.beamform(f, img);
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%.1f frames/s\n", iters / s);
  return 0;
}
