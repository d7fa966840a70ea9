#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "shelfscan/ingest.hpp"

namespace py = pybind11;
using shelf::Facing;

static cv::Mat as_mat(py::array_t<uint8_t, py::array::c_style> a) {
  auto info = a.request();
  return cv::Mat(static_cast<int>(info.shape[0]), static_cast<int>(info.shape[1]), CV_8UC3, info.ptr);
}

static py::array_t<uint8_t> to_array(const cv::Mat& m) {
  py::array_t<uint8_t> out({m.rows, m.cols, 3});
  std::memcpy(out.mutable_data(), m.data, m.total() * m.elemSize());
  return out;
}

PYBIND11_MODULE(_shelfscan, m) {
  py::class_<Facing>(m, "Facing")
      .def(py::init([](int x, int y, int w, int h) { return Facing{cv::Rect(x, y, w, h), -1}; }))
      .def_property_readonly("box", [](const Facing& f) { return py::make_tuple(f.box.x, f.box.y, f.box.width, f.box.height); })
      .def_readwrite("sku", &Facing::sku);
  py::class_<shelf::FrameQueue>(m, "FrameQueue")
      .def(py::init<int, int, int>())
      .def("next", [](shelf::FrameQueue& q, py::array_t<uint8_t, py::array::c_style> a) { return to_array(q.next(as_mat(a))); });
  py::class_<shelf::Detector>(m, "Detector")
      .def(py::init<float>())
      .def("upload", [](shelf::Detector& d, py::array_t<uint8_t, py::array::c_style> a) {
        cv::Mat m = as_mat(a);
        return d.upload(m);
      });
  py::class_<shelf::Rectifier>(m, "Rectifier")
      .def(py::init<>())
      .def("warp", [](shelf::Rectifier& r, py::array_t<uint8_t, py::array::c_style> a, const std::vector<Facing>& f) {
        std::vector<py::array_t<uint8_t>> out;
        for (const auto& c : r.warp(as_mat(a), f)) out.push_back(to_array(c));
        return out;
      });
  m.def("load_planogram_image", [](const std::string& p) { return to_array(shelf::load_planogram_image(p)); });
  m.def("export_mosaic", [](const std::string& p, py::array_t<uint8_t, py::array::c_style> a) {
    cv::Mat m = as_mat(a);
    shelf::export_mosaic(p, m);
  });
}
