#include <gtest/gtest.h>

#include <cmath>

#include "usbf/beamformer.hpp"

TEST(Beamformer, PointTargetPeaksAtItsDepth) {
  Kokkos::ScopeGuard guard;
  usbf::ProbeGeometry probe;
  probe.n_elem = 64;
  probe.pitch = 0.3e-3f;
  for (int e = 0; e < 64; ++e) probe.x.push_back((e - 31.5f) * probe.pitch);
  usbf::Beamformer bf(probe, 1, 0.f, 256, 64, 31.25e6f, 1540.f);
  usbf::PinnedView2D<int16_t> rf("test_rf", 64, 2048);
  for (int c = 0; c < 64; ++c) rf(c, 1024) = 1000;
  usbf::Frame f{0, 64, 2048, 0, rf.data()};
  usbf::DevView2D<float> img("img", 256, 64);
  bf.beamform(f, img);
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), img);
  float peak = 0.f;
  for (int z = 0; z < 256; ++z) peak = std::max(peak, std::fabs(h(z, 32)));
  EXPECT_GT(peak, 0.f);
}
