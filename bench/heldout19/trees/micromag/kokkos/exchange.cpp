#include "exchange.hpp"

#include <cstring>

namespace micromag {

ExchangeOp::ExchangeOp(int nx, int ny, int nz, float dx, float Aex, float Ms)
    : nx_(nx), ny_(ny), nz_(nz), coef_(2.0f * Aex / (4.0e-7f * 3.14159265f * Ms * dx * dx)) {
  const std::size_t n3 = 3 * static_cast<std::size_t>(nx) * ny * nz;
  m_dev_ = DeviceView("m", n3);
  h_dev_ = DeviceView("h_exch", n3);
  h_m_ = HostPinned("h_m", n3);
}

void ExchangeOp::apply(const float* m, float* h, std::size_t n3) {
  std::memcpy(h_m_.data(), m, n3 * sizeof(float));
  Kokkos::deep_copy(m_dev_, h_m_);
  auto md = m_dev_;
  auto hd = h_dev_;
  const int nx = nx_, ny = ny_, nz = nz_;
  const float c = coef_;
  Kokkos::parallel_for(
      "exchange", Kokkos::RangePolicy<Kokkos::HIP>(0, nx * ny * nz), KOKKOS_LAMBDA(const int i) {
        const int x = i % nx, y = (i / nx) % ny, z = i / (nx * ny);
        const int xm = x > 0 ? i - 1 : i, xp = x < nx - 1 ? i + 1 : i;
        const int ym = y > 0 ? i - nx : i, yp = y < ny - 1 ? i + nx : i;
        const int zm = z > 0 ? i - nx * ny : i, zp = z < nz - 1 ? i + nx * ny : i;
        for (int k = 0; k < 3; ++k) {
          const float lap = md(3 * xm + k) + md(3 * xp + k) + md(3 * ym + k) + md(3 * yp + k) +
                            md(3 * zm + k) + md(3 * zp + k) - 6.0f * md(3 * i + k);
          hd(3 * i + k) = c * lap;
        }
      });
  HostPinned tmp("exch_tmp", n3);
  Kokkos::deep_copy(tmp, hd);
  for (std::size_t i = 0; i < n3; ++i) h[i] += tmp(i);
}

int ExchangeOp::gather_boundary(const std::uint8_t* geom, std::size_t ncell) {
  const std::size_t need = 2 * ncell;
  const std::size_t have = h_faces_.extent(0);
  if (need > have) {
    h_faces_ = HostPinned("faces", need);
  }
  int nf = 0;
  for (std::size_t i = 0; i < ncell; ++i) {
    const bool edge = (i % static_cast<std::size_t>(nx_)) == static_cast<std::size_t>(nx_ - 1) || !geom[i + 1];
    if (geom[i] && edge) h_faces_(nf++) = static_cast<float>(i);
  }
  return nf;
}

}  // namespace micromag
