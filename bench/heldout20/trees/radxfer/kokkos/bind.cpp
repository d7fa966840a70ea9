#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "two_stream.hpp"

namespace py = pybind11;
using radxfer::TwoStreamSolver;
using Arr = py::array_t<double, py::array::c_style | py::array::forcecast>;

PYBIND11_MODULE(_kokkos, m) {
  if (!Kokkos::is_initialized()) Kokkos::initialize();
  auto atexit = py::module_::import("atexit");
  atexit.attr("register")(py::cpp_function([] {
    if (Kokkos::is_initialized() && !Kokkos::is_finalized()) Kokkos::finalize();
  }));

  py::class_<TwoStreamSolver>(m, "TwoStreamSolver")
      .def(py::init<int, int, int>(), py::arg("n_cols"), py::arg("n_layers"), py::arg("n_bands"))
      .def("solve",
           [](TwoStreamSolver& s, Arr tau, Arr bc, py::array_t<double, py::array::c_style> heating) {
             const int ncol = static_cast<int>(bc.shape(0));
             auto h = heating.mutable_unchecked<2>();
             py::gil_scoped_release nogil;
             s.solve(tau.data(), bc.data(), h.mutable_data(0, 0), ncol);
           })
      .def("clear_sky_effect", [](TwoStreamSolver& s, Arr tau, Arr cf, py::array_t<double, py::array::c_style> cre) {
        auto out = cre.mutable_unchecked<1>();
        s.clear_sky_effect(tau.data(), cf.data(), out.mutable_data(0), static_cast<int>(cf.shape(0)));
      });
}
