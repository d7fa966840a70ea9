#include "diagnostics.hpp"

Diagnostics::Diagnostics(const Grid& g)
    : g_(g),
      history_("ke_history", 1 << 20) {}

// Kinetic energy per block, reduced on the host.
void Diagnostics::compute(const double* d_u) {
  const int n = g_.nx * g_.ny * g_.nz;
  const int nblocks = 64;
  Kokkos::View<double*, Kokkos::HIPHostPinnedSpace> partial("ke_partial", nblocks);
  Kokkos::View<const double*, Kokkos::HIPSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> u(d_u, 3 * n);
  Kokkos::View<double*, Kokkos::HIPSpace> d_partial("ke_partial_dev", nblocks);
  Kokkos::parallel_for(
      "ke_blocks", Kokkos::RangePolicy<Kokkos::HIP>(0, nblocks), KOKKOS_LAMBDA(const int b) {
        double s = 0.0;
        for (int i = b; i < n; i += nblocks) s += u(i) * u(i) + u(n + i) * u(n + i) + u(2 * n + i) * u(2 * n + i);
        d_partial(b) = 0.5 * s;
      });
  Kokkos::deep_copy(partial, d_partial);
  double ke = 0.0;
  for (int b = 0; b < nblocks; ++b) ke += partial(b);
  if (step_ < static_cast<int>(history_.extent(0))) history_(step_++) = ke;
}
