#include <drape/measure.hpp>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

namespace drape {
void bind_exporter(py::module_& m);
}

PYBIND11_MODULE(_drape, m) {
  using namespace drape;
  m.doc() = "XPBD garment draping solver";

  py::class_<Mesh>(m, "Mesh")
      .def_property_readonly("n_verts", &Mesh::n_verts)
      .def_readonly("faces", &Mesh::faces)
      .def_readonly("verts", &Mesh::verts);

  py::class_<Landmark>(m, "Landmark")
      .def(py::init<float, float, float, float>(), py::arg("x"), py::arg("y"), py::arg("z"), py::arg("radius"));

  py::class_<FrameInput>(m, "FrameInput")
      .def(py::init<>())
      .def_readwrite("wind", &FrameInput::wind)
      .def_readwrite("gust", &FrameInput::gust);

  m.def("load_obj_pinned", &load_obj_pinned, py::arg("path"));
  m.def("save_state", &save_state, py::arg("solver"), py::arg("path"));

  py::class_<Solver>(m, "Solver")
      .def(py::init<const Mesh&, const Mesh&, int, int>(), py::arg("garment"), py::arg("avatar"),
           py::arg("substeps") = 8, py::arg("sdf_res") = 96)
      .def("begin_frame", &Solver::begin_frame)
      .def("step",
           [](Solver& s, float dt, py::array_t<float, py::array::c_style | py::array::forcecast> drag) {
             s.step(dt, drag.data());
           })
      .def("host_normals",
           [](Solver& s) {
             const float* p = s.host_normals();
             return py::array_t<float>({s.n_verts(), 3}, p, py::cast(&s));
           })
      .def("host_uv",
           [](Solver& s) {
             const float* p = s.host_uv();
             return py::array_t<float>({s.n_verts(), 2}, p, py::cast(&s));
           })
      .def_property_readonly("n_verts", &Solver::n_verts);

  py::class_<Measure>(m, "Measure")
      .def(py::init<>())
      .def("fit_report", &Measure::fit_report, py::arg("solver"), py::arg("landmarks"));

  bind_exporter(m);
}
