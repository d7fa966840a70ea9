#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "icesheet/solver.hpp"

namespace py = pybind11;
using namespace icesheet;

PYBIND11_MODULE(_icesheet, m) {
  m.doc() = "SSA forward model and adjoint for icesheet";

  py::class_<SolverOptions>(m, "SolverOptions")
      .def(py::init<>())
      .def_readwrite("rheology", &SolverOptions::rheology)
      .def_readwrite("glen_A", &SolverOptions::glen_A)
      .def_readwrite("glen_n", &SolverOptions::glen_n)
      .def_readwrite("ring_depth", &SolverOptions::ring_depth)
      .def_readwrite("tol", &SolverOptions::tol);

  py::class_<Solver>(m, "Solver")
      .def(py::init([](const std::string& mesh_path, const SolverOptions& o) {
        return std::make_unique<Solver>(load_mesh(mesh_path), o);
      }))
      .def("picard", &Solver::picard, py::arg("max_iter") = 20,
           py::call_guard<py::gil_scoped_release>())
      .def("adjoint_sweep", &Solver::adjoint_sweep)
      .def("load_forcing", &Solver::load_forcing)
      .def("set_beta2", &Solver::set_beta2)
      .def("enable_audit",
           [](Solver& s) { s.set_audit(make_residual_audit(s.mesh().n_nodes)); })
      .def_property_readonly("iteration", [](const Solver& s) { return s.state().iteration; })
      .def("velocity", [](const Solver& s) { return std::make_pair(s.state().u, s.state().v); });

  m.def("stage_obs", &stage_obs, "misfit weights for the current observations");
  m.def("write_velocity", &write_velocity);
  m.def("export_tiles", &export_tiles, py::arg("solver"), py::arg("dir"), py::arg("tile") = 64);
  m.def("load_surface_dem", &load_surface_dem);
}
