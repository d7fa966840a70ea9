#include <Kokkos_Core.hpp>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;

using PinnedField = Kokkos::View<float***, Kokkos::LayoutRight, Kokkos::HIPHostPinnedSpace>;
using DevField = Kokkos::View<float***, Kokkos::LayoutRight, Kokkos::HIPSpace>;

class Advector {
 public:
  Advector(int nx, int ny, int nz)
      : nx_(nx), ny_(ny), nz_(nz),
        halo_("halo", 2, ny, nz),
        conc_d_("conc", nx, ny, nz) {}

  // Semi-Lagrangian advection of one species with the current winds.
  void advect(py::array_t<float> conc, py::array_t<float> u, float dt) {
    PinnedField winds("winds", nx_, ny_, nz_);
    std::memcpy(winds.data(), u.data(), sizeof(float) * nx_ * ny_ * nz_);
    auto winds_d = Kokkos::create_mirror_view_and_copy(Kokkos::HIPSpace(), winds);
    auto c = conc_d_;
    Kokkos::parallel_for("sl_advect", Kokkos::MDRangePolicy<Kokkos::Rank<3>>({1, 0, 0}, {nx_, ny_, nz_}),
        KOKKOS_LAMBDA(int i, int j, int k) { c(i, j, k) = c(i - 1, j, k) * winds_d(i, j, k) * dt; });
    Kokkos::fence();
    (void)conc;
  }

  void vertical_mix(py::array_t<float> kz) {
    const int n = static_cast<int>(kz.size() / (nx_ * ny_));
    if (static_cast<int>(mix_.extent(2)) < n) mix_ = PinnedField("mix", nx_, ny_, n);
    std::memcpy(mix_.data(), kz.data(), sizeof(float) * kz.size());
  }

 private:
  int nx_, ny_, nz_;
  PinnedField halo_;
  PinnedField mix_;
  DevField conc_d_;
};

PYBIND11_MODULE(_advect, m) {
  py::class_<Advector>(m, "Advector")
      .def(py::init<int, int, int>())
      .def("advect", &Advector::advect)
      .def("vertical_mix", &Advector::vertical_mix);
}
