#pragma once
#include <Kokkos_Core.hpp>
#include <hip/hip_runtime.h>

#include <stdexcept>
#include <string>

namespace pic {

using ExecSpace = Kokkos::HIP;
using DeviceSpace = Kokkos::HIPSpace;
using PinnedSpace = Kokkos::HIPHostPinnedSpace;

template <typename T>
using DeviceView = Kokkos::View<T, DeviceSpace>;
template <typename T>
using PinnedView = Kokkos::View<T, PinnedSpace>;

#define PIC_HIP_CHECK(expr)                                                               \
  do {                                                                                    \
    hipError_t pic_e_ = (expr);                                                           \
    if (pic_e_ != hipSuccess)                                                             \
      throw std::runtime_error(std::string(#expr) + ": " + hipGetErrorString(pic_e_));    \
  } while (0)

struct Grid {
  int ncells;
  double length;
  double dx() const { return length / ncells; }
};

}  // namespace pic
