#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "channel_map.hpp"
#include "drift.hpp"
#include "probe_io.hpp"
#include "template_match.hpp"
#include "whitening.hpp"

namespace py = pybind11;
using namespace ss;

PYBIND11_MODULE(_spikecore, m) {
  m.doc() = "CUDA kernels for spikesort";

  py::class_<Whitener>(m, "Whitener")
      .def(py::init<int, float>(), py::arg("n_channels"), py::arg("eps") = 1e-3f)
      .def("fit", &Whitener::fit)
      .def("apply", &Whitener::apply);

  py::class_<TemplateMatcher>(m, "TemplateMatcher")
      .def(py::init<int, int, float>())
      .def("set_templates", &TemplateMatcher::set_templates)
      .def("match", &TemplateMatcher::match, py::arg("whitened"), py::arg("batch_start"))
      .def("subtract", &TemplateMatcher::subtract)
      .def_property_readonly("cached_residuals", &TemplateMatcher::cached_residuals);

  py::class_<DriftEstimator>(m, "DriftEstimator")
      .def(py::init<int, int, float>())
      .def("begin_block", &DriftEstimator::begin_block)
      .def("estimate", &DriftEstimator::estimate);

  py::class_<ChannelMap>(m, "ChannelMap")
      .def(py::init<>())
      .def("load", &ChannelMap::load)
      .def("neighbours", &ChannelMap::neighbours)
      .def("__len__", &ChannelMap::size);

  py::class_<RawReader>(m, "RawReader")
      .def(py::init<const std::string&, int>())
      .def("close", &RawReader::close)
      .def_property_readonly("n_samples", &RawReader::n_samples)
      .def("export_segment", &RawReader::export_segment);
}
