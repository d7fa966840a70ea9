#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "superpose.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_superpose, m) {
    m.def("initialize", [] { if (!Kokkos::is_initialized()) Kokkos::initialize(); });
    py::class_<dosecalc::Superposer>(m, "Superposer")
        .def(py::init<int, int>())
        .def("accumulate", [](dosecalc::Superposer &s, py::array_t<double> beams, py::array_t<double> w) {
            return s.accumulate(beams.data(), w.data());
        });
}
