#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "sfx/frame.hpp"

namespace py = pybind11;
using namespace sfx;

PYBIND11_MODULE(_sfx, m) {
    py::class_<Geometry>(m, "Geometry")
        .def_readonly("n_panels", &Geometry::n_panels)
        .def("n_px", &Geometry::n_px);
    m.def("load_geometry", &load_geometry);
    m.def("load_mask", [](const std::string &path, size_t n_px) {
        std::vector<uint8_t> out;
        if (!load_mask(path, n_px, out)) throw std::runtime_error("load_mask failed: " + path);
        return py::array_t<uint8_t>(out.size(), out.data());
    });
    py::class_<Pipeline>(m, "Pipeline")
        .def(py::init<Geometry, int, int>(), py::arg("geom"), py::arg("ring_slots") = 4,
             py::arg("min_peaks") = 15)
        .def("add_dark", [](Pipeline &p, std::vector<float> dark) { p.add_corrector(make_dark_corrector(dark)); })
        .def("add_gain", [](Pipeline &p, std::vector<float> gain) { p.add_corrector(make_gain_corrector(gain)); })
        .def("process", [](Pipeline &p, py::array_t<float, py::array::c_style> px, uint64_t event) {
            Frame f;
            f.event_id = event;
            f.data = px.mutable_data();
            f.n_px = size_t(px.size());
            auto peaks = p.process(f);
            py::list out;
            for (auto &k : peaks) out.append(py::make_tuple(k.panel, k.ss, k.fs, k.intensity));
            return out;
        })
        .def_property_readonly("hits", &Pipeline::hits);
}
