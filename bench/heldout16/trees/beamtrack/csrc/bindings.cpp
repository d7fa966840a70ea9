#include <stdexcept>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "beam_state.hpp"
#include "check.hpp"

namespace py = pybind11;
using bt::BeamState;

namespace {

using CArray = py::array_t<double, py::array::c_style | py::array::forcecast>;

py::dict cuda_array_interface(double* ptr, int n) {
  py::dict d;
  d["shape"] = py::make_tuple(n);
  d["typestr"] = "<f8";
  d["data"] = py::make_tuple(reinterpret_cast<std::uintptr_t>(ptr), false);
  d["version"] = 3;
  return d;
}

}  // namespace

PYBIND11_MODULE(_bt, m) {
  m.doc() = "beamtrack GPU kernels";

  py::class_<BeamState>(m, "BeamState")
      .def(py::init<std::size_t>(), py::arg("n"))
      .def("upload", [](BeamState& s, CArray a) { s.upload(a.data(), static_cast<std::size_t>(a.shape(0))); })
      .def("upload_pinned", [](BeamState& s, CArray a) { s.upload_pinned(a.data()); })
      .def("download", [](const BeamState& s, py::array_t<double> a) { s.download(a.mutable_data()); })
      .def("snapshot",
           [](const BeamState& s) {
             auto* v = new bt::PinnedVec<double>(s.snapshot());
             py::capsule owner(v, [](void* p) { delete static_cast<bt::PinnedVec<double>*>(p); });
             return py::array_t<double>({static_cast<py::ssize_t>(v->size())}, {sizeof(double)},
                                        thrust::raw_pointer_cast(v->data()), owner);
           })
      .def("n_lost", &BeamState::n_lost)
      .def("lost_ids", [](const BeamState& s, py::array_t<int> a) { s.lost_ids(a.mutable_data()); })
      .def("apply_aperture", &BeamState::apply_aperture)
      .def("max_amplitude", [](BeamState& s, py::array_t<double> a) { s.max_amplitude(a.mutable_data()); })
      .def("line_density", [](BeamState& s, int n_bins) {
        py::object holder = py::module_::import("types").attr("SimpleNamespace")();
        holder.attr("__cuda_array_interface__") = cuda_array_interface(s.line_density(n_bins), n_bins);
        return holder;
      });

  m.def("drift", &bt::drift);
  m.def("thin_multipole", &bt::thin_multipole);
  m.def("rf_kick", &bt::rf_kick);
  m.def("sc_kick", [](BeamState& s, std::uintptr_t table, int n_bins, double k) {
    bt::sc_kick(s, reinterpret_cast<const double*>(table), n_bins, k);
  });
  m.def("solve_space_charge", &bt::solve_space_charge);
  m.def("upload_lattice_tables", [](BeamState& s, std::vector<double> k1) {
    bt::upload_lattice_tables(s, k1.data(), k1.size());
  });
  m.def("load_aperture_model", [](BeamState& s, const std::string& path) {
    double r2 = 0.0;
    if (bt::load_aperture_model(s, path.c_str(), &r2) != 0)
      throw std::runtime_error("cannot read aperture model " + path);
    return r2;
  });
  m.def("export_losses", [](const BeamState& s, const std::string& path) {
    return bt::export_losses(s, path.c_str());
  });
  m.def("last_error", [] { return bt::last_error(); });
}
