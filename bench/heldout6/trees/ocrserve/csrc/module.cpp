#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/numpy.h>
#include <vector>

namespace py = pybind11;

std::vector<py::array_t<uint8_t>> warp_perspective_batch(py::array_t<uint8_t, py::array::c_style> img,
                                                         py::array_t<float, py::array::c_style> quads,
                                                         int out_w, int out_h);
py::bytes make_thumbnail(py::array_t<uint8_t, py::array::c_style> page, int tw, int th);
void init_canvas(int h, int w);

PYBIND11_MODULE(_warp, m) {
  m.doc() = "OpenCV CUDA helpers for the OCR service";
  m.def("warp_perspective_batch", &warp_perspective_batch, py::arg("img"), py::arg("quads"),
        py::arg("out_w"), py::arg("out_h"));
  m.def("make_thumbnail", &make_thumbnail);
  m.def("init_canvas", &init_canvas);
}
