#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include "celltrack/segmenter.hpp"

namespace py = pybind11;

static cv::Mat as_mat(py::array_t<uint16_t, py::array::c_style> a) {
  return cv::Mat(static_cast<int>(a.shape(0)), static_cast<int>(a.shape(1)), CV_16UC1, a.mutable_data());
}

PYBIND11_MODULE(_seg, m) {
  py::class_<celltrack::Segmenter>(m, "Segmenter")
      .def(py::init<int, int, double>(), py::arg("height"), py::arg("width"), py::arg("sigma") = 2.0)
      .def("segment", [](celltrack::Segmenter& s, py::array_t<uint16_t, py::array::c_style> img) {
        cv::Mat labels = s.segment(as_mat(img));
        return py::array_t<int32_t>({labels.rows, labels.cols}, labels.ptr<int32_t>());
      })
      .def("watershed_seeds", [](celltrack::Segmenter& s, std::vector<py::array_t<uint16_t, py::array::c_style>> zs) {
        std::vector<cv::Mat> planes;
        for (auto& z : zs) planes.push_back(as_mat(z));
        std::vector<std::pair<int, int>> out;
        for (auto& p : s.watershed_seeds(planes)) out.emplace_back(p.x, p.y);
        return out;
      })
      .def("load_flatfield", &celltrack::Segmenter::load_flatfield);
}
