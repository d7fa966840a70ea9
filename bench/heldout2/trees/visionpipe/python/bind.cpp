// Python bindings used by the notebook demos.
#include <opencv2/core/cuda.hpp>
#include <opencv2/cudafilters.hpp>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstring>

namespace py = pybind11;

namespace {

py::array_t<uint8_t> blur_frame(py::array_t<uint8_t, py::array::c_style> img, int ksize) {
  auto info = img.request();
  const int rows = static_cast<int>(info.shape[0]);
  const int cols = static_cast<int>(info.shape[1]);
  cv::cuda::HostMem pinned(rows, cols, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED);
  std::memcpy(pinned.data, info.ptr, static_cast<size_t>(rows) * cols * 3);

  cv::cuda::Stream stream;
  cv::cuda::GpuMat g, out;
  g.upload(pinned, stream);
  auto filt = cv::cuda::createGaussianFilter(CV_8UC3, CV_8UC3, cv::Size(ksize, ksize), 0);
  filt->apply(g, out, stream);
  out.download(pinned, stream);
  stream.waitForCompletion();

  py::array_t<uint8_t> result({rows, cols, 3});
  std::memcpy(result.mutable_data(), pinned.data, static_cast<size_t>(rows) * cols * 3);
  return result;
}

void warmup(int rows, int cols) {
  cv::cuda::HostMem probe(rows, cols, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED);
  cv::cuda::GpuMat g;
  g.upload(probe);
  cv::cuda::Stream::Null().waitForCompletion();
}

}  // namespace

PYBIND11_MODULE(_vp, m) {
  m.def("blur_frame", &blur_frame, py::arg("img"), py::arg("ksize") = 5);
  m.def("warmup", &warmup, "create the CUDA context and cuDNN handles before the first frame");
}
