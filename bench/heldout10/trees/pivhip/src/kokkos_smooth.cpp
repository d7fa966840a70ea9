// Gaussian smoothing of the vector field, Kokkos port (HIP backend).
#include <cmath>
#include <Kokkos_Core.hpp>
#include "piv/stages.hpp"

namespace piv {

KokkosSmoother::KokkosSmoother(const PivConfig& cfg)
    : mirror_("piv_uv_mirror", 2 * cfg.max_vectors),
      d_uv_("piv_uv", 2 * cfg.max_vectors) {}

void KokkosSmoother::smooth(VectorField& f) {
  const int n = static_cast<int>(f.size());
  const int nx = f.nx, ny = f.ny;
  Kokkos::View<float*, Kokkos::HIPHostPinnedSpace> valid("piv_valid", n);
  for (int i = 0; i < n; ++i) {
    mirror_(2 * i) = f.u[i];
    mirror_(2 * i + 1) = f.v[i];
    valid(i) = f.valid.empty() ? 1.f : static_cast<float>(f.valid[i]);
  }
  auto src = Kokkos::subview(mirror_, std::make_pair(0, 2 * n));
  auto dst = Kokkos::subview(d_uv_, std::make_pair(0, 2 * n));
  Kokkos::deep_copy(dst, src);
  Kokkos::View<float*, Kokkos::HIPSpace> d_valid("piv_d_valid", n);
  Kokkos::deep_copy(d_valid, valid);
  Kokkos::View<float*, Kokkos::HIPSpace> out("piv_out", 2 * n);
  auto uv = d_uv_;
  Kokkos::parallel_for(
      "gauss3x3", Kokkos::RangePolicy<Kokkos::HIP>(0, n), KOKKOS_LAMBDA(const int i) {
        const int x = i % nx, y = i / nx;
        float su = 0.f, sv = 0.f, sw = 0.f;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) {
            if (x + dx < 0 || x + dx >= nx || y + dy < 0 || y + dy >= ny) continue;
            const int j = (y + dy) * nx + x + dx;
            const float w = d_valid(j) * ((dx == 0 && dy == 0) ? 4.f : (dx == 0 || dy == 0) ? 2.f : 1.f);
            su += w * uv(2 * j);
            sv += w * uv(2 * j + 1);
            sw += w;
          }
        out(2 * i) = sw > 0.f ? su / sw : 0.f;
        out(2 * i + 1) = sw > 0.f ? sv / sw : 0.f;
      });
  Kokkos::deep_copy(src, out);
  for (int i = 0; i < n; ++i) {
    f.u[i] = mirror_(2 * i);
    f.v[i] = mirror_(2 * i + 1);
  }
}

}  // namespace piv
