#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "mppi.h"
#include "occupancy.h"

namespace py = pybind11;

}  // namespace drn

PYBIND11_MODULE(_mppi, m) {
  py::class_<drn::PlannerConfig>(m, "PlannerConfig")
      .def(py::init<>())
      .def_readwrite("n_drones", &drn::PlannerConfig::n_drones)
      .def_readwrite("horizon", &drn::PlannerConfig::horizon)
      .def_readwrite("samples", &drn::PlannerConfig::samples)
      .def_readwrite("dt", &drn::PlannerConfig::dt)
      .def_readwrite("lambda_", &drn::PlannerConfig::lambda);

  py::class_<drn::MppiPlanner>(m, "MppiPlanner")
      .def(py::init<const drn::PlannerConfig&>())
      .def("plan",
           [](drn::MppiPlanner& p, py::array_t<float, py::array::c_style> states,
              py::array_t<float, py::array::c_style> weights) {
             return p.plan(states.data(), weights.data());
           })
      .def("reset_nominal", &drn::MppiPlanner::reset_nominal);

  py::class_<drn::OccupancyGrid>(m, "OccupancyGrid")
      .def("update_cells", &drn::OccupancyGrid::update_cells);

  m.def("load_occupancy", &drn::load_occupancy, py::return_value_policy::take_ownership);
  m.def("load_wind_field", [](const char* path) {
    float* buf = nullptr;
    std::size_t n = 0;
    if (drn::load_wind_field(path, &buf, &n) != 0) throw std::runtime_error("wind field");
    auto cap = py::capsule(buf, [](void* p) { cudaFreeHost(p); });
    return py::array_t<float>({static_cast<py::ssize_t>(n)}, {sizeof(float)}, buf, cap);
  });
  m.def("export_trajectories", &drn::export_trajectories);
}
