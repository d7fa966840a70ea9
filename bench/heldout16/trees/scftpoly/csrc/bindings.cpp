#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "propagator.hpp"

namespace py = pybind11;
using scft::Propagator;

PYBIND11_MODULE(_scft, m) {
  m.def("initialize", [] { if (!Kokkos::is_initialized()) Kokkos::initialize(); });
  m.def("finalize", [] { if (Kokkos::is_initialized()) Kokkos::finalize(); });

  py::class_<Propagator>(m, "Propagator")
      .def(py::init([](std::array<int, 3> grid, std::array<double, 3> lengths, double f_a, int ns) {
        return new Propagator(grid, lengths, scft::Chain{f_a, ns});
      }))
      .def("set_fields",
           [](Propagator& p, py::array_t<double, py::array::c_style | py::array::forcecast> wa,
              py::array_t<double, py::array::c_style | py::array::forcecast> wb) { p.set_fields(wa.data(), wb.data()); })
      .def("solve", &Propagator::solve)
      .def("densities",
           [](const Propagator& p) {
             auto* view = new scft::HostPinned2(p.densities());
             py::capsule owner(view, [](void* v) { delete static_cast<scft::HostPinned2*>(v); });
             return py::array_t<double>({static_cast<py::ssize_t>(2), static_cast<py::ssize_t>(p.n_points())},
                                        view->data(), owner);
           })
      .def("stress", [](Propagator& p, int n) {
        const double* s = p.stress(n);
        return std::vector<double>(s, s + n);
      });

  m.def("read_field_file", [](const std::string& path, std::size_t n) {
    std::vector<double> a, b;
    scft::read_field_file(path, n, a, b);
    return py::make_tuple(py::array_t<double>(a.size(), a.data()), py::array_t<double>(b.size(), b.data()));
  });
  m.def("write_densities", [](const Propagator& p, const std::string& path) {
    scft::write_field_file(path, p.densities());
  });
}
