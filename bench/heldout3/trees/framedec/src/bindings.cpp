#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstring>

#include "decoder.hpp"
#include "ops.hpp"

namespace py = pybind11;
using namespace framedec;

namespace {

py::array_t<uint8_t> mat_to_array(const cv::Mat& m) {
    if (m.empty()) {
        return py::array_t<uint8_t>();
    }
    py::array_t<uint8_t> a({m.rows, m.cols, m.channels()});
    for (int r = 0; r < m.rows; ++r) {
        std::memcpy(a.mutable_data(r), m.ptr(r), m.cols * m.elemSize());
    }
    return a;
}

cv::Mat array_to_mat(py::array_t<uint8_t, py::array::c_style | py::array::forcecast> a) {
    if (a.ndim() != 3 || a.shape(2) != 3) {
        throw std::invalid_argument("expected an HxWx3 uint8 array");
    }
    return cv::Mat(static_cast<int>(a.shape(0)), static_cast<int>(a.shape(1)), CV_8UC3, a.mutable_data());
}

}  // namespace

PYBIND11_MODULE(_framedec, m) {
    py::class_<FrameDecoder>(m, "FrameDecoder")
        .def(py::init<const std::string&, int, int, int>(), py::arg("codec"), py::arg("width"), py::arg("height"),
             py::arg("ring_size") = 4)
        .def("set_crop", [](FrameDecoder& d, int x, int y, int w, int h) { d.set_crop(cv::Rect(x, y, w, h)); })
        .def("decode_next",
             [](FrameDecoder& d, py::bytes data, int64_t pts, bool key, size_t sei) {
                 const std::string buf = data;
                 Packet pkt{reinterpret_cast<const uint8_t*>(buf.data()), buf.size(), pts, key, sei};
                 cv::Mat frame;
                 {
                     py::gil_scoped_release nogil;
                     frame = d.decode_next(pkt);
                 }
                 return mat_to_array(frame);
             });

    m.def("normalize_frame",
          [](py::array_t<uint8_t, py::array::c_style | py::array::forcecast> bgr, std::array<float, 3> mean,
             std::array<float, 3> std) {
              const int h = static_cast<int>(bgr.shape(0)), w = static_cast<int>(bgr.shape(1));
              py::array_t<float> out({3, h, w});
              const float inv[3] = {1.f / std[0], 1.f / std[1], 1.f / std[2]};
              normalize_frame(bgr.data(), w, h, mean.data(), inv, out.mutable_data());
              return out;
          });
    m.def("make_contact_sheet", [](std::vector<py::array_t<uint8_t>> frames, int cols, int thumb_w) {
        std::vector<cv::Mat> mats;
        for (auto& f : frames) {
            mats.push_back(array_to_mat(f));
        }
        return mat_to_array(make_contact_sheet(mats, cols, thumb_w));
    });
    m.def("export_poster", [](py::array_t<uint8_t> frame, const std::string& path, int width) {
        return export_poster(array_to_mat(frame), path, width);
    });
}
