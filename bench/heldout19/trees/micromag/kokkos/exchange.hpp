#pragma once
#include <cstddef>
#include <cstdint>

#include <Kokkos_Core.hpp>

namespace micromag {

using HostPinned = Kokkos::View<float*, Kokkos::HIPHostPinnedSpace>;
using DeviceView = Kokkos::View<float*, Kokkos::HIPSpace>;

// Six-neighbour exchange field on a regular grid (Neumann boundaries).
class ExchangeOp {
 public:
  ExchangeOp(int nx, int ny, int nz, float dx, float Aex, float Ms);

  // Adds the exchange field of m (3 * ncell, interleaved) to h in place.
  void apply(const float* m, float* h, std::size_t n3);

  // Cells on the +x boundary of the magnet, for the surface-anisotropy term.
  int gather_boundary(const std::uint8_t* geom, std::size_t ncell);

 private:
  int nx_, ny_, nz_;
  float coef_;
  DeviceView m_dev_;
  DeviceView h_dev_;
  HostPinned h_m_;
  HostPinned h_faces_;
};

}  // namespace micromag
