#include <pybind11/pybind11.h>

#include "solute.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_solute, m) {
  if (!Kokkos::is_initialized()) Kokkos::initialize();
  m.add_object("_finalize", py::capsule([] { if (Kokkos::is_initialized()) Kokkos::finalize(); }));
  py::class_<solute::SoluteSolver>(m, "SoluteSolver")
      .def(py::init<int, int, double, double>(), py::arg("nx"), py::arg("ny"), py::arg("diffusivity"),
           py::arg("partition") = 0.14)
      .def("step", &solute::SoluteSolver::step)
      .def("record", &solute::SoluteSolver::record)
      .def("concentration", &solute::SoluteSolver::concentration)
      .def("history", &solute::SoluteSolver::history);
}
