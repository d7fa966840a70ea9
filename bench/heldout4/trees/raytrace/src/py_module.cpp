#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <opencv2/imgproc.hpp>

#include "renderer.hpp"

namespace py = pybind11;

static Camera to_camera(const std::vector<float>& v) {
  return Camera{{v[0], v[1], v[2]}, {v[3], v[4], v[5]}, {0.f, 1.f, 0.f}, v.size() > 6 ? v[6] : 45.f};
}

// Downscaled frame for the interactive viewer.
py::array_t<uint8_t> render_preview(Renderer& r, const std::vector<float>& cam, int scale) {
  cv::Mat frame = r.render_frame(to_camera(cam));
  cv::cuda::HostMem small(frame.rows / scale, frame.cols / scale, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED);
  cv::Mat dst = small.createMatHeader();
  cv::resize(frame, dst, dst.size(), 0, 0, cv::INTER_AREA);
  py::array_t<uint8_t> out({dst.rows, dst.cols, 3});
  std::memcpy(out.mutable_data(), dst.data, dst.total() * dst.elemSize());
  return out;
}

PYBIND11_MODULE(rtcore, m) {
  py::class_<Renderer>(m, "Renderer")
      .def(py::init<const std::string&, const std::string&, int, int, int>(), py::arg("scene"), py::arg("env"),
           py::arg("width"), py::arg("height"), py::arg("spp") = 4)
      .def("reload_geometry", &Renderer::reload_geometry);
  m.def("render_preview", &render_preview, py::arg("renderer"), py::arg("camera"), py::arg("scale") = 4);
}
