#include <opencv2/core/cuda.hpp>
#include <opencv2/cudawarping.hpp>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <vector>

namespace py = pybind11;

// Rectify every detected quad of one image into a fixed-size grey crop.
std::vector<py::array_t<uint8_t>> warp_perspective_batch(py::array_t<uint8_t, py::array::c_style> img,
                                                         py::array_t<float, py::array::c_style> quads,
                                                         int out_w, int out_h) {
  const int h = static_cast<int>(img.shape(0)), w = static_cast<int>(img.shape(1));
  cv::cuda::HostMem staged(h, w, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED);
  std::memcpy(staged.data, img.data(), static_cast<size_t>(h) * w * 3);
  cv::cuda::Stream stream;
  cv::cuda::GpuMat d_img;
  d_img.upload(staged, stream);
  const cv::Point2f dst[4] = {{0, 0}, {float(out_w), 0}, {float(out_w), float(out_h)}, {0, float(out_h)}};
  std::vector<py::array_t<uint8_t>> crops;
  auto q = quads.unchecked<3>();
  for (py::ssize_t i = 0; i < q.shape(0); ++i) {
    cv::Point2f src[4];
    for (int j = 0; j < 4; ++j) src[j] = {q(i, j, 1), q(i, j, 0)};
    cv::cuda::GpuMat d_crop;
    cv::cuda::warpPerspective(d_img, d_crop, cv::getPerspectiveTransform(src, dst), cv::Size(out_w, out_h),
                              cv::INTER_LINEAR, cv::BORDER_REPLICATE, cv::Scalar(), stream);
    py::array_t<uint8_t> out({out_h, out_w, 3});
    cv::Mat view(out_h, out_w, CV_8UC3, out.mutable_data());
    d_crop.download(view, stream);
    crops.push_back(out);
  }
  stream.waitForCompletion();
  return crops;
}
