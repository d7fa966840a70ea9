#include <pybind11/pybind11.h>

#include "energy.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_energy, m) {
  py::class_<rnafold::EnergyTable>(m, "EnergyTable")
      .def(py::init<>())
      .def("load", &rnafold::EnergyTable::load)
      .def("stacking", &rnafold::EnergyTable::stacking)
      .def("__len__", &rnafold::EnergyTable::size);
  py::class_<rnafold::PairCache>(m, "PairCache")
      .def(py::init<int>())
      .def("invalidate", &rnafold::PairCache::invalidate)
      .def("pair_probs", &rnafold::PairCache::pair_probs);
}
