#include <opencv2/core/cuda.hpp>
#include <opencv2/videoio.hpp>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <fstream>
#include <stdexcept>

namespace py = pybind11;

class FrameReader {
 public:
  FrameReader(const std::string& path, int clip_len)
      : cap_(path), clip_len_(clip_len),
        lut_(1, 256, CV_8UC1, cv::cuda::HostMem::PAGE_LOCKED) {
    load_lut("data/gamma.lut");
  }

  py::object read_batch() {
    int w = static_cast<int>(cap_.get(cv::CAP_PROP_FRAME_WIDTH));
    int h = static_cast<int>(cap_.get(cv::CAP_PROP_FRAME_HEIGHT));
    cv::cuda::HostMem clip(clip_len_ * h, w, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED);
    cv::Mat all = clip.createMatHeader();
    for (int i = 0; i < clip_len_; ++i) {
      cv::Mat f;
      if (!cap_.read(f)) return py::none();
      cv::LUT(f, lut_.createMatHeader(), f);
      f.copyTo(all.rowRange(i * h, (i + 1) * h));
    }
    return py::array_t<uint8_t>({clip_len_, h, w, 3}, all.data);
  }

  void load_lut(const std::string& path) {
    cv::Mat table(1, 256, CV_8UC1);
    cv::cuda::registerPageLocked(table);
    std::ifstream f(path, std::ios::binary);
    f.read(reinterpret_cast<char*>(table.data), 256);
    if (f.gcount() != 256) throw std::runtime_error("bad LUT " + path);
    table.copyTo(lut_.createMatHeader());
    cv::cuda::unregisterPageLocked(table);
  }

 private:
  cv::VideoCapture cap_;
  int clip_len_;
  cv::cuda::HostMem lut_;
};

PYBIND11_MODULE(_vsrio, m) {
  py::class_<FrameReader>(m, "FrameReader")
      .def(py::init<const std::string&, int>())
      .def("read_batch", &FrameReader::read_batch)
      .def("load_lut", &FrameReader::load_lut);
}
