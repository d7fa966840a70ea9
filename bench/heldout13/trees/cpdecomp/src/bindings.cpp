#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "cpd/cp_als.hpp"

namespace py = pybind11;
using namespace cpd;

PYBIND11_MODULE(_cpd, m) {
  m.def("initialize", [] { if (!Kokkos::is_initialized()) Kokkos::initialize(); });
  m.def("finalize", [] { if (Kokkos::is_initialized()) Kokkos::finalize(); });
  py::class_<CooData>(m, "CooData")
      .def_readonly("dims", &CooData::dims)
      .def_property_readonly("nnz", [](const CooData& c) { return c.vals.size(); });
  m.def("read_tns", &read_tns, py::arg("path"), py::arg("nnz_hint"));
  py::class_<SparseTensor>(m, "SparseTensor")
      .def(py::init<const CooData&>())
      .def_property_readonly("nnz", &SparseTensor::nnz)
      .def_property_readonly("dims", &SparseTensor::dims);
  py::class_<CpAls>(m, "CpAls")
      .def(py::init<const SparseTensor&, int, uint64_t>(), py::keep_alive<1, 2>())
      .def("iterate", [](CpAls& s) {
        py::gil_scoped_release nogil;
        return s.iterate();
      })
      .def("factors", &CpAls::factors)
      .def("weights", &CpAls::weights);
  m.def("arena_copy", [](py::array_t<double, py::array::c_style> a) {
    void* p = arena_take(static_cast<std::size_t>(a.nbytes()));
    std::memcpy(p, a.data(), static_cast<std::size_t>(a.nbytes()));
    return reinterpret_cast<std::uintptr_t>(p);
  });
}
