#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "calcimg.hpp"

namespace py = pybind11;
using calcimg::MotionCorrector;

namespace {

cv::Mat as_mat(py::array arr, int type) {
  py::buffer_info info = arr.request();
  if (info.ndim != 2) throw std::invalid_argument("expected a 2-D array");
  return cv::Mat(static_cast<int>(info.shape[0]), static_cast<int>(info.shape[1]), type, info.ptr,
                 static_cast<size_t>(info.strides[0]));
}

int cv_type(const py::array& a) {
  if (py::isinstance<py::array_t<float>>(a)) return CV_32F;
  if (py::isinstance<py::array_t<uint16_t>>(a)) return CV_16U;
  if (py::isinstance<py::array_t<int16_t>>(a)) return CV_16S;
  throw std::invalid_argument("unsupported dtype");
}

}  // namespace

PYBIND11_MODULE(_calcimg, m) {
  py::class_<MotionCorrector>(m, "MotionCorrector")
      .def(py::init<int, int, int>())
      .def("register_frame", [](MotionCorrector& c, py::array frame) {
        return c.register_frame(as_mat(frame, cv_type(frame)));
      })
      .def("set_template", [](MotionCorrector& c, py::array_t<float, py::array::c_style> mean) {
        c.set_template(as_mat(mean, CV_32F));
      })
      .def("correct_stack", [](MotionCorrector& c, std::vector<py::array_t<float, py::array::c_style>> planes) {
        std::vector<cv::Mat> mats;
        for (auto& p : planes) mats.push_back(as_mat(p, CV_32F));
        return c.correct_stack(mats);
      })
      .def("extract_traces", [](MotionCorrector& c, py::array_t<float, py::array::c_style> movie,
                                std::vector<py::array_t<uint8_t, py::array::c_style>> masks) {
        cv::Mat mv = as_mat(movie, CV_32F);
        std::vector<cv::Mat> ms;
        for (auto& k : masks) ms.push_back(as_mat(k, CV_8U));
        return c.extract_traces(mv, ms);
      });
}
