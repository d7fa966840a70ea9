#include <pybind11/pybind11.h>

#include "section_stager.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_stager, m) {
  py::class_<stager::SectionStager>(m, "SectionStager")
      .def(py::init<int, int>(), py::arg("tile_px"), py::arg("n_slots") = 4)
      .def("align", &stager::SectionStager::align)
      .def("crops", &stager::SectionStager::crops)
      .def("attach_mask", &stager::SectionStager::attach_mask)
      .def("downsample", &stager::SectionStager::downsample)
      .def("flatfield", &stager::SectionStager::flatfield);
}
