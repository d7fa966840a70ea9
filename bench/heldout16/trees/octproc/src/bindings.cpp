#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bscan.hpp"
#include "volume_writer.hpp"

namespace py = pybind11;

namespace {

cv::Mat as_mat_u16(py::array_t<std::uint16_t, py::array::c_style> a) {
  return cv::Mat(static_cast<int>(a.shape(0)), static_cast<int>(a.shape(1)), CV_16UC1, a.mutable_data());
}

py::array_t<float> hostmem_to_numpy(cv::cuda::HostMem&& hm) {
  auto* owner = new cv::cuda::HostMem(std::move(hm));
  py::capsule cap(owner, [](void* p) { delete static_cast<cv::cuda::HostMem*>(p); });
  return py::array_t<float>({owner->rows, owner->cols}, {owner->step, sizeof(float)},
                            reinterpret_cast<float*>(owner->data), cap);
}

}  // namespace

PYBIND11_MODULE(_oct, m) {
  py::class_<oct::ScanGeometry>(m, "ScanGeometry")
      .def(py::init<int, int, int>(), py::arg("alines"), py::arg("samples"), py::arg("depth"));

  py::class_<oct::BscanProcessor>(m, "BscanProcessor")
      .def(py::init<const oct::ScanGeometry&>())
      .def("set_k_linearization", &oct::BscanProcessor::set_k_linearization)
      .def("load_background", &oct::BscanProcessor::load_background)
      .def("set_dispersion", &oct::BscanProcessor::set_dispersion)
      .def("calibrate_dispersion",
           [](oct::BscanProcessor& p, py::array_t<std::uint16_t, py::array::c_style> mirror,
              std::vector<double> grid) { return p.calibrate_dispersion(as_mat_u16(mirror), grid); })
      .def("upload", [](oct::BscanProcessor& p, py::array_t<std::uint16_t, py::array::c_style> raw) {
        p.upload(as_mat_u16(raw));
      })
      .def("process_to_host", [](oct::BscanProcessor& p) { return hostmem_to_numpy(p.process_to_host()); })
      .def("doppler_to_host", [](oct::BscanProcessor& p, int rows) {
        cv::Mat d = p.doppler_to_host(rows);
        py::array_t<float> out({d.rows, d.cols});
        std::memcpy(out.mutable_data(), d.data, d.total() * sizeof(float));
        return out;
      });

  py::class_<oct::VolumeWriter>(m, "VolumeWriter")
      .def(py::init<int, int, int>())
      .def("write_bscan",
           [](oct::VolumeWriter& w, int index, oct::BscanProcessor& p) { w.write_bscan(index, p.log_image(), p.stream()); })
      .def("save_raw", &oct::VolumeWriter::save_raw)
      .def("export_slices", &oct::VolumeWriter::export_slices);
}
