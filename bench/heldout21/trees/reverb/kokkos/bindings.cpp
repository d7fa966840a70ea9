#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "diffuse.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_diffuse, m) {
  if (!Kokkos::is_initialized()) Kokkos::initialize();
  py::class_<reverb::DiffuseSolver>(m, "DiffuseSolver")
      .def(py::init<int, int>())
      .def("step", &reverb::DiffuseSolver::step)
      .def("ensure_history", &reverb::DiffuseSolver::ensure_history);
}
