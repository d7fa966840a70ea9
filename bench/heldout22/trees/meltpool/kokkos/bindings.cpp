#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "thermal_solver.hpp"

namespace py = pybind11;

namespace {
struct KokkosGuard {
  KokkosGuard() { Kokkos::initialize(); }
  ~KokkosGuard() { Kokkos::finalize(); }
};
}  // namespace

PYBIND11_MODULE(_thermal, m) {
  static KokkosGuard guard;
  py::class_<meltpool::ThermalSolver>(m, "ThermalSolver")
      .def(py::init<int, int, int, double, double>(), py::arg("nx"), py::arg("ny"), py::arg("nz"),
           py::arg("dx_m"), py::arg("alpha"))
      .def("step", &meltpool::ThermalSolver::step, py::arg("dt"), py::arg("laser"))
      .def("probe", &meltpool::ThermalSolver::probe, py::arg("cells"))
      .def("record", &meltpool::ThermalSolver::record, py::arg("layer"))
      .def("history", [](const meltpool::ThermalSolver& s) {
        const auto& h = s.history();
        return py::array_t<double>(h.extent(0), h.data());
      });
}
