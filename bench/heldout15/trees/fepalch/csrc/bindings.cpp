#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "engine.h"

namespace py = pybind11;
using fep::FepEngine;

PYBIND11_MODULE(_engine, m) {
  m.doc() = "fepalch soft-core replica-exchange engine";
  py::class_<FepEngine>(m, "FepEngine")
      .def(py::init<const std::string&, const std::string&, int, double>(), py::arg("prmtop"),
           py::arg("rst7"), py::arg("n_windows"), py::arg("temperature"))
      .def_property_readonly("n_atoms", &FepEngine::n_atoms)
      .def_property_readonly("n_windows", &FepEngine::n_windows)
      .def(
          "propagate",
          [](FepEngine& e, int window, py::array_t<float, py::array::c_style> params, int n_steps) {
            if (params.ndim() != 2 || params.shape(1) != 4) throw std::invalid_argument("params must be (n, 4)");
            py::gil_scoped_release nogil;
            e.propagate(window, params.data(), n_steps);
          },
          py::arg("window"), py::arg("params"), py::arg("n_steps"))
      .def("exchange_energies", &FepEngine::exchange_energies)
      .def("write_dhdl", &FepEngine::write_dhdl)
      .def("snapshot_coords", &FepEngine::snapshot_coords)
      .def(
          "coordinates",
          [](py::object self, int replica) {
            auto& e = self.cast<FepEngine&>();
            return py::array_t<float>({e.n_atoms(), 3}, {3 * sizeof(float), sizeof(float)},
                                      e.coordinates(replica), self);
          },
          py::arg("replica"));
}
