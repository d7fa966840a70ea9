#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "usbf/beamformer.hpp"

namespace py = pybind11;
using namespace usbf;

PYBIND11_MODULE(_usbf, m) {
  m.def("initialize", [] { if (!Kokkos::is_initialized()) Kokkos::initialize(); });
  m.def("finalize", [] { if (Kokkos::is_initialized()) Kokkos::finalize(); });
  py::class_<ProbeGeometry>(m, "ProbeGeometry")
      .def_readonly("n_elem", &ProbeGeometry::n_elem)
      .def_readonly("pitch", &ProbeGeometry::pitch);
  m.def("load_probe_geometry", &load_probe_geometry, py::arg("path"), py::arg("expected_elements"));
  py::class_<Beamformer>(m, "Beamformer")
      .def(py::init<const ProbeGeometry&, int, float, int, int, float, float>(), py::arg("probe"), py::arg("n_angles"),
           py::arg("max_angle_deg"), py::arg("nz"), py::arg("nx"), py::arg("fs"), py::arg("c0") = 1540.f)
      .def("beamform_numpy", [](Beamformer& bf, py::array_t<int16_t, py::array::c_style> rf, int angle) {
        Frame f{0, static_cast<int>(rf.shape(0)), static_cast<int>(rf.shape(1)), angle, rf.data()};
        DevView2D<float> img("img", bf.nz(), bf.nx());
        {
          py::gil_scoped_release nogil;
          bf.beamform(f, img);
        }
        auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), img);
        py::array_t<float> out({bf.nz(), bf.nx()});
        std::copy(h.data(), h.data() + h.size(), out.mutable_data());
        return out;
      });
  m.def("save_cine", [](const std::string& path, py::array_t<float, py::array::c_style> frames) {
    std::vector<float> v(frames.data(), frames.data() + frames.size());
    return save_cine(path, v, static_cast<int>(frames.shape(1)), static_cast<int>(frames.shape(2)));
  });
}
