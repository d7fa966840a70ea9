#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "sphflow/solver.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_sphflow, m) {
  py::class_<sph::SolverConfig>(m, "SolverConfig")
      .def(py::init<>())
      .def_readwrite("geometry", &sph::SolverConfig::geometry)
      .def_readwrite("kernel", &sph::SolverConfig::kernel)
      .def_readwrite("dx", &sph::SolverConfig::dx)
      .def_readwrite("dt", &sph::SolverConfig::dt)
      .def_readwrite("ring_depth", &sph::SolverConfig::ring_depth)
      .def_readwrite("probes", &sph::SolverConfig::probes);
  py::class_<sph::Solver>(m, "Solver")
      .def(py::init<const sph::SolverConfig&>())
      .def("step", &sph::Solver::step, py::call_guard<py::gil_scoped_release>())
      .def("snapshot", &sph::Solver::snapshot)
      .def("sample_probes", &sph::Solver::sample_probes)
      .def("pressure", &sph::Solver::pressure)
      .def("write_vtk", &sph::Solver::write_vtk)
      .def("write_restart", &sph::Solver::write_restart)
      .def_property_readonly("n", &sph::Solver::n);
}
