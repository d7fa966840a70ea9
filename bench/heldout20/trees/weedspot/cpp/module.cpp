#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>

#include "weedspot.hpp"

namespace py = pybind11;
using namespace weedspot;

namespace {

cv::Mat as_mat(py::array_t<std::uint8_t, py::array::c_style> a) {
  if (a.ndim() != 3 || a.shape(2) != 3) throw std::invalid_argument("expected an HxWx3 uint8 image");
  return cv::Mat(static_cast<int>(a.shape(0)), static_cast<int>(a.shape(1)), CV_8UC3, a.mutable_data());
}

py::array_t<std::uint8_t> to_array(const cv::Mat& m) {
  std::vector<py::ssize_t> shape = {m.rows, m.cols};
  if (m.channels() > 1) shape.push_back(m.channels());
  py::array_t<std::uint8_t> out(shape);
  cv::Mat view(m.rows, m.cols, m.type(), out.mutable_data());
  m.copyTo(view);
  return out;
}

py::array_t<double> mat64(const cv::Mat& m) {
  cv::Mat d;
  m.convertTo(d, CV_64F);
  py::array_t<double> out({d.rows, d.cols});
  std::memcpy(out.mutable_data(), d.ptr<double>(), d.total() * sizeof(double));
  return out;
}

}  // namespace

PYBIND11_MODULE(_weedspot, m) {
  py::class_<CalibData>(m, "Calibration")
      .def_property_readonly("K", [](const CalibData& c) { return mat64(c.K); })
      .def_property_readonly("dist", [](const CalibData& c) { return mat64(c.dist); });

  m.def("load_calibration", &load_calibration);

  py::class_<FrameRing>(m, "FrameRing")
      .def(py::init<int, int, int>())
      .def("depth", &FrameRing::depth)
      .def("next", [](FrameRing& r) {
        cv::Mat slot = r.next();
        // Zero-copy numpy view of the slot; the ring outlives it.
        return py::array_t<std::uint8_t>({slot.rows, slot.cols, 3}, slot.data, py::cast(&r));
      });

  py::class_<Undistorter>(m, "Undistorter")
      .def(py::init([](const CalibData& c, int width, int height) {
        return Undistorter(c.K, c.dist, cv::Size(width, height));
      }))
      .def("apply", [](Undistorter& u, py::array_t<std::uint8_t, py::array::c_style> frame) {
        // Own copy: the capture slot behind `frame` is handed back to the camera right away.
        cv::Mat f = as_mat(frame).clone();
        cv::Mat out;
        {
          py::gil_scoped_release nogil;
          out = u.apply(f);
        }
        return to_array(out);
      });

  py::class_<TileResult>(m, "TileResult")
      .def_readonly("row", &TileResult::row)
      .def_readonly("col", &TileResult::col)
      .def_readonly("weed_fraction", &TileResult::weed_fraction);

  py::class_<TileSegmenter>(m, "TileSegmenter")
      .def(py::init<int, float, int>(), py::arg("tile"), py::arg("exg_threshold"), py::arg("row_spacing_px"))
      .def("segment", [](TileSegmenter& s, py::array_t<std::uint8_t, py::array::c_style> f) { return s.segment(as_mat(f)); })
      .def("mask", [](TileSegmenter& s, py::array_t<std::uint8_t, py::array::c_style> f) { return to_array(s.mask(as_mat(f))); });

  m.def("export_mosaic", [](const std::string& path, py::array_t<std::uint8_t, py::array::c_style> mosaic) {
    cv::Mat m = as_mat(mosaic);
    export_mosaic(path, m);
  });
}
