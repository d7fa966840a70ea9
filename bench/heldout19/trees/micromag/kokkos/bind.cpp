#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "exchange.hpp"

namespace py = pybind11;
using micromag::ExchangeOp;

PYBIND11_MODULE(_exchange, m) {
  m.def("initialize", [] {
    if (!Kokkos::is_initialized()) Kokkos::initialize();
  });
  m.def("finalize", [] {
    if (Kokkos::is_initialized() && !Kokkos::is_finalized()) Kokkos::finalize();
  });
  py::class_<ExchangeOp>(m, "ExchangeOp")
      .def(py::init<int, int, int, float, float, float>(), py::arg("nx"), py::arg("ny"),
           py::arg("nz"), py::arg("dx"), py::arg("Aex"), py::arg("Ms"))
      .def("apply",
           [](ExchangeOp& op, py::array_t<float, py::array::c_style> mm,
              py::array_t<float, py::array::c_style> hh) {
             op.apply(mm.data(), hh.mutable_data(), static_cast<std::size_t>(mm.size()));
           })
      .def("gather_boundary", [](ExchangeOp& op, py::array_t<std::uint8_t, py::array::c_style> g) {
        return op.gather_boundary(g.data(), static_cast<std::size_t>(g.size()));
      });
}
