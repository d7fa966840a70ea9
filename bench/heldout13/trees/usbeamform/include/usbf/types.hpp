#pragma once
#include <Kokkos_Core.hpp>
#include <hip/hip_runtime_api.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define USBF_HIP_OR_DIE(expr)                                                              \
  do {                                                                                     \
    hipError_t e_ = (expr);                                                                \
    if (e_ != hipSuccess) {                                                                \
      std::fprintf(stderr, "usbf: %s failed: %s (%s:%d)\n", #expr, hipGetErrorString(e_), \
                   __FILE__, __LINE__);                                                    \
      std::abort();                                                                        \
    }                                                                                      \
  } while (0)

namespace usbf {

using ExecSpace = Kokkos::HIP;
using DeviceMem = Kokkos::HIPSpace;
using HostPinned = Kokkos::HIPHostPinnedSpace;

template <typename T>
using PinnedView2D = Kokkos::View<T**, Kokkos::LayoutRight, HostPinned>;
template <typename T>
using PinnedView1D = Kokkos::View<T*, HostPinned>;
template <typename T>
using DevView2D = Kokkos::View<T**, Kokkos::LayoutRight, DeviceMem>;

struct Frame {
  uint64_t seq;
  int n_chan;
  int n_samp;
  int angle_idx;
  const int16_t* rf;  // n_chan x n_samp, straight from the scanner's DMA buffer
};

struct ProbeGeometry {
  int n_elem = 0;
  float pitch = 0.f;
  float fc = 0.f;
  std::vector<float> x;
};

}  // namespace usbf
