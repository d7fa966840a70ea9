#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "capture.hpp"

namespace py = pybind11;
using namespace bt;

static py::array to_numpy(const cv::Mat &m) {
    return py::array_t<uint8_t>({m.rows, m.cols}, m.data);
}

PYBIND11_MODULE(_bt, m) {
    py::class_<CameraRig>(m, "CameraRig")
        .def(py::init<int, int, int>())
        .def("grab_all", [](CameraRig &rig) {
            static thread_local std::vector<cv::Mat> frames;
            rig.grab_all(frames);
            py::list out;
            for (auto &f : frames) out.append(to_numpy(f));
            return out;
        });
    py::class_<BallDetector>(m, "BallDetector")
        .def(py::init<float, float>(), py::arg("min_r") = 2.f, py::arg("max_r") = 14.f)
        .def("detect", [](BallDetector &d, py::array_t<uint8_t> img, std::vector<std::array<int, 4>> rois) {
            cv::Mat frame(int(img.shape(0)), int(img.shape(1)), CV_8UC1, img.mutable_data());
            std::vector<cv::Rect> r;
            for (auto &a : rois) r.emplace_back(a[0], a[1], a[2], a[3]);
            py::list out;
            for (auto &c : d.detect(frame, r)) out.append(py::make_tuple(c.x, c.y, c.r, c.score));
            return out;
        });
    m.def("read_calibration", [](const std::string &path) {
        cv::Mat scratch;
        auto c = read_calibration(path, scratch);
        return py::make_tuple(c.K.at<double>(0, 0), c.K.at<double>(1, 1), c.K.at<double>(0, 2), c.K.at<double>(1, 2));
    });
}
