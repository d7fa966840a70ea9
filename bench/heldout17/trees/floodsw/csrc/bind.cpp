#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "swe_kokkos.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_swe, m) {
    m.def("initialize", [] { if (!Kokkos::is_initialized()) Kokkos::initialize(); });
    py::class_<swe::Solver>(m, "Solver")
        .def(py::init<int, int, float, float>())
        .def("load_dem", &swe::Solver::load_dem)
        .def("step", [](swe::Solver &s, float dt, py::array_t<float> rain) { s.step(dt, rain.data()); })
        .def("depth", [](swe::Solver &s) {
            return py::array_t<float>({s.ny(), s.nx()}, s.depth_host());
        })
        .def("snapshot", [](const swe::Solver &s) {
            auto v = s.snapshot();
            return py::array_t<float>({int(v.extent(0)), int(v.extent(1))}, v.data());
        });
}
