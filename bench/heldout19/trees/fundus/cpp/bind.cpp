#include <cstdint>
#include <cstring>
#include <stdexcept>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "preprocess.hpp"

namespace py = pybind11;
using fundus::PreprocessOptions;
using fundus::Preprocessor;

namespace {

cv::Mat as_mat(py::array_t<std::uint8_t, py::array::c_style>& a) {
  py::buffer_info b = a.request();
  if (b.ndim != 3 || b.shape[2] != 3) throw std::invalid_argument("expected an HxWx3 uint8 image");
  return cv::Mat(static_cast<int>(b.shape[0]), static_cast<int>(b.shape[1]), CV_8UC3, b.ptr);
}

py::array_t<std::uint8_t> to_array(const cv::Mat& m) {
  py::array_t<std::uint8_t> out({m.rows, m.cols, m.channels()});
  std::memcpy(out.mutable_data(), m.data, m.total() * m.elemSize());
  return out;
}

}  // namespace

PYBIND11_MODULE(_fundus, m) {
  py::class_<PreprocessOptions>(m, "PreprocessOptions")
      .def(py::init<>())
      .def_readwrite("width", &PreprocessOptions::width)
      .def_readwrite("height", &PreprocessOptions::height)
      .def_readwrite("tiles", &PreprocessOptions::tiles)
      .def_readwrite("clip", &PreprocessOptions::clip)
      .def_readwrite("slots", &PreprocessOptions::slots);

  py::class_<Preprocessor>(m, "Preprocessor")
      .def(py::init<const PreprocessOptions&>())
      .def("enhance",
           [](Preprocessor& p, py::array_t<std::uint8_t, py::array::c_style> a) {
             cv::Mat img = as_mat(a);
             return to_array(p.enhance(img));
           })
      .def("load_mask", &Preprocessor::load_mask)
      .def("dump_histogram", &Preprocessor::dump_histogram);
}
