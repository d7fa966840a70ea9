#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "mosaic.hpp"
#include "waterfall.hpp"

namespace py = pybind11;

static cv::Mat as_mat(py::array_t<float, py::array::c_style>& a) {
  return cv::Mat(static_cast<int>(a.shape(0)), a.ndim() > 1 ? static_cast<int>(a.shape(1)) : 1, CV_32F, a.mutable_data());
}

PYBIND11_MODULE(_core, m) {
  py::class_<Waterfall>(m, "Waterfall")
      .def(py::init<int, int>())
      .def("push_ping", [](Waterfall& w, py::array_t<float, py::array::c_style> ping) {
        cv::Mat mm = as_mat(ping);
        w.push_ping(mm);
      });
  py::class_<Mosaicker>(m, "Mosaicker")
      .def(py::init<int, int>())
      .def("make_nadir_mask", [](Mosaicker& mk, py::array_t<float, py::array::c_style> line, int blind) {
        cv::Mat r = mk.make_nadir_mask(as_mat(line), blind);
        return py::array_t<uint8_t>({r.rows, r.cols}, r.data);
      })
      .def("blend_tiles", [](Mosaicker& mk, std::vector<py::array_t<float, py::array::c_style>> tiles,
                             std::vector<std::pair<int, int>> at) {
        std::vector<cv::Mat> t;
        std::vector<cv::Point> p;
        for (auto& a : tiles) t.push_back(as_mat(a));
        for (auto& q : at) p.emplace_back(q.first, q.second);
        mk.blend_tiles(t, p);
      })
      .def("load_svp", &Mosaicker::load_svp);
}
