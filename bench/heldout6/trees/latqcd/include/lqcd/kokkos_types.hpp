#pragma once
#include <Kokkos_Core.hpp>

namespace lqcd {

using DevField = Kokkos::View<double*, Kokkos::HIPSpace>;
using PinnedScalars = Kokkos::View<double*, Kokkos::HIPHostPinnedSpace>;

}  // namespace lqcd
