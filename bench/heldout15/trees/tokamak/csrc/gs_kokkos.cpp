// Grad-Shafranov free-boundary solve by Picard iteration (Kokkos, CUDA backend).
#include <Kokkos_Core.hpp>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cmath>

namespace py = pybind11;

using PinnedGrid = Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::CudaHostPinnedSpace>;
using DevGrid = Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::CudaSpace>;

class GradShafranov {
 public:
  GradShafranov(int nr, int nz, double r0, double r1, double z0, double z1)
      : nr_(nr), nz_(nz), r0_(r0), dr_((r1 - r0) / (nr - 1)), dz_((z1 - z0) / (nz - 1)),
        psi_(PinnedGrid("psi", nr, nz)), d_psi_("d_psi", nr, nz), d_j_("d_j", nr, nz) {
    if (!Kokkos::is_initialized()) Kokkos::initialize();
  }

  py::array_t<double> solve(py::array_t<double> coil_currents, py::array_t<double> pp, py::array_t<double> ff,
                            int max_iter, double tol) {
    const int nr = nr_, nz = nz_;
    const double r0 = r0_, dr = dr_, dz = dz_;
    const double a0 = pp.at(0), f0 = ff.at(0);
    const double ic = coil_currents.size() ? coil_currents.at(0) : 0.0;
    auto psi = d_psi_;
    auto j = d_j_;
    for (int it = 0; it < max_iter; ++it) {
      PinnedGrid psi_it("psi_it", nr, nz);
      Kokkos::parallel_for("current", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({1, 1}, {nr - 1, nz - 1}),
                           KOKKOS_LAMBDA(int i, int k) {
                             const double r = r0 + i * dr;
                             const double x = psi(i, k);
                             j(i, k) = (x > 0.0) ? (r * a0 * x + f0 * x / r) : 0.0;
                           });
      for (int sweep = 0; sweep < 20; ++sweep) {
        Kokkos::parallel_for("sor", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({1, 1}, {nr - 1, nz - 1}),
                             KOKKOS_LAMBDA(int i, int k) {
                               if ((i + k + sweep) % 2) return;
                               const double r = r0 + i * dr;
                               const double cr = 1.0 / (dr * dr), cz = 1.0 / (dz * dz);
                               const double lap = cr * (psi(i + 1, k) + psi(i - 1, k)) + cz * (psi(i, k + 1) + psi(i, k - 1)) -
                                                  (psi(i + 1, k) - psi(i - 1, k)) / (2.0 * r * dr);
                               psi(i, k) = (lap + 4e-7 * M_PI * r * j(i, k) + 1e-9 * ic) / (2.0 * (cr + cz));
                             });
      }
      Kokkos::deep_copy(psi_it, psi);
      double change = 0.0;
      for (int i = 0; i < nr; ++i)
        for (int k = 0; k < nz; ++k) change = std::max(change, std::abs(psi_it(i, k) - psi_(i, k)));
      Kokkos::deep_copy(psi_, psi_it);
      if (change < tol) break;
    }
    py::array_t<double> out({nr_, nz_});
    auto o = out.mutable_unchecked<2>();
    for (int i = 0; i < nr_; ++i)
      for (int k = 0; k < nz_; ++k) o(i, k) = psi_(i, k);
    return out;
  }

 private:
  int nr_, nz_;
  double r0_, dr_, dz_;
  PinnedGrid psi_;
  DevGrid d_psi_, d_j_;
};

PYBIND11_MODULE(_gs, m) {
  py::class_<GradShafranov>(m, "GradShafranov")
      .def(py::init<int, int, double, double, double, double>())
      .def("solve", &GradShafranov::solve, py::arg("coil_currents"), py::arg("pp"), py::arg("ff"),
           py::arg("max_iter") = 50, py::arg("tol") = 1e-6);
}
