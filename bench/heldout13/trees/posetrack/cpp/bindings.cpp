#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "rig.hpp"

namespace py = pybind11;
using namespace posetrack;

static cv::Mat as_mat(py::array_t<uint8_t, py::array::c_style>& a) {
  return cv::Mat(static_cast<int>(a.shape(0)), static_cast<int>(a.shape(1)), CV_8UC3, a.mutable_data());
}

static py::array_t<uint8_t> to_numpy(const cv::Mat& m) {
  py::array_t<uint8_t> out({m.rows, m.cols, 3});
  std::memcpy(out.mutable_data(), m.data, m.total() * m.elemSize());
  return out;
}

PYBIND11_MODULE(_posetrack, m) {
  py::class_<CameraRig>(m, "CameraRig")
      .def(py::init<int, int, int>(), py::arg("n_cams"), py::arg("height"), py::arg("width"))
      .def("load_remap_tables", &CameraRig::load_remap_tables)
      .def("process", [](CameraRig& rig, std::vector<py::array_t<uint8_t, py::array::c_style>> frames) {
        std::vector<cv::Mat> mats;
        for (auto& f : frames) mats.push_back(as_mat(f));
        std::vector<cv::Mat> und;
        {
          py::gil_scoped_release nogil;
          und = rig.process(mats);
        }
        std::vector<py::array_t<uint8_t>> out;
        for (const auto& u : und) out.push_back(to_numpy(u));
        return out;
      });
  py::class_<Triangulator>(m, "Triangulator")
      .def(py::init([](std::vector<std::vector<float>> P) {
        std::vector<cv::Matx34f> proj;
        for (const auto& p : P) proj.emplace_back(p.data());
        return Triangulator(std::move(proj));
      }))
      .def("triangulate", [](Triangulator& t, std::vector<std::vector<std::pair<float, float>>> kps,
                             std::vector<std::vector<float>> scores) {
        std::vector<std::vector<cv::Point2f>> k;
        for (const auto& cam : kps) {
          std::vector<cv::Point2f> v;
          for (const auto& [x, y] : cam) v.emplace_back(x, y);
          k.push_back(std::move(v));
        }
        std::vector<std::tuple<float, float, float>> out;
        for (const auto& p : t.triangulate(k, scores)) out.emplace_back(p.x, p.y, p.z);
        return out;
      });
}
