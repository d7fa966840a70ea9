#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "hivecam.hpp"

namespace py = pybind11;

namespace {
cv::Mat as_mat(py::array_t<std::uint8_t, py::array::c_style>& a) {
  if (a.ndim() != 3 || a.shape(2) != 3) throw std::invalid_argument("expected an HxWx3 uint8 frame");
  return cv::Mat(static_cast<int>(a.shape(0)), static_cast<int>(a.shape(1)), CV_8UC3, a.mutable_data());
}
}  // namespace

PYBIND11_MODULE(_hivecam, m) {
  using namespace hivecam;
  py::class_<FrameQueue>(m, "FrameQueue")
      .def(py::init<int, int, int>(), py::arg("slots"), py::arg("rows"), py::arg("cols"))
      .def("__len__", &FrameQueue::size);

  py::class_<MiteDetector>(m, "MiteDetector")
      .def(py::init<float>(), py::arg("threshold") = 0.04f)
      .def("load_lut", &MiteDetector::load_lut)
      .def("ingest",
           [](MiteDetector& d, py::array_t<std::uint8_t, py::array::c_style> frame) {
             cv::Mat mat = as_mat(frame);
             d.ingest(mat);
           })
      .def("detect", [](MiteDetector& d, const std::vector<std::tuple<int, int, int, int>>& boxes) {
        std::vector<cv::Rect> rects;
        for (const auto& [x, y, w, h] : boxes) rects.emplace_back(x, y, w, h);
        py::list out;
        for (const Detection& det : d.detect(rects)) {
          out.append(py::make_tuple(det.box.x, det.box.y, det.box.width, det.box.height, det.mite_score));
        }
        return out;
      });

  py::class_<BeeTracker>(m, "BeeTracker")
      .def(py::init<>())
      .def("update",
           [](BeeTracker& t, py::array_t<std::uint8_t, py::array::c_style> frame) {
             py::list out;
             for (const cv::Rect& r : t.update(as_mat(frame))) out.append(py::make_tuple(r.x, r.y, r.width, r.height));
             return out;
           })
      .def_property_readonly("count_in", &BeeTracker::count_in)
      .def_property_readonly("count_out", &BeeTracker::count_out);
}
