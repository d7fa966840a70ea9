#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "psr.hpp"

namespace py = pybind11;
using combkin::Link;
using combkin::PsrNetwork;

PYBIND11_MODULE(_psr, m) {
  m.def("initialize", [] { if (!Kokkos::is_initialized()) Kokkos::initialize(); });
  m.def("finalize", [] { if (Kokkos::is_initialized()) Kokkos::finalize(); });

  py::class_<Link>(m, "Link")
      .def(py::init<int, int, double>())
      .def_readwrite("mass_flow", &Link::mass_flow);

  py::class_<PsrNetwork>(m, "PsrNetwork")
      .def(py::init<int, int, std::vector<Link>, double>())
      .def("residence_exchange",
           [](PsrNetwork& n, py::array_t<double, py::array::c_style | py::array::forcecast> inflow, double dt) {
             n.residence_exchange(inflow.data(), dt);
           })
      .def("sensitivity", &PsrNetwork::sensitivity)
      .def("record", &PsrNetwork::record)
      .def("mean_temperature", [](const PsrNetwork& n) {
        const auto& s = n.state();
        double t = 0.0;
        for (std::size_t r = 0; r < s.extent(0); ++r) t += s(r, 0);
        return t / static_cast<double>(s.extent(0));
      });
}
