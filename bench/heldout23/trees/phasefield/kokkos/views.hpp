#pragma once
#include <Kokkos_Core.hpp>

namespace solute {

using DevView = Kokkos::View<double*, Kokkos::HIPSpace>;
using HostView = Kokkos::View<double*, Kokkos::HIPHostPinnedSpace>;
using ExecSpace = Kokkos::HIP;

}  // namespace solute
