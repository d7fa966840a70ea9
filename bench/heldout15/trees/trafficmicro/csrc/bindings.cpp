#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "sim.hpp"

namespace py = pybind11;
using traffic::Simulation;

PYBIND11_MODULE(_core, m) {
  py::class_<Simulation>(m, "Simulation")
      .def(py::init<const std::string&, int, const std::vector<std::string>&>())
      .def("step", &Simulation::step, py::call_guard<py::gil_scoped_release>())
      .def("add_hook", &Simulation::add_hook)
      .def("set_phase", &Simulation::set_phase)
      .def("loop_counts", &Simulation::loop_counts)
      .def("occupancy", &Simulation::occupancy)
      .def("aggregate_lanes", &Simulation::aggregate_lanes)
      .def("reroute", &Simulation::reroute)
      .def("snapshot", &Simulation::snapshot)
      .def("write_trajectories",
           [](Simulation& s, const std::string& path, py::array_t<float, py::array::c_style> frames) {
             s.write_trajectories(path, frames.mutable_data(), static_cast<std::size_t>(frames.size()));
           })
      .def("junction_lanes", &Simulation::junction_lanes)
      .def("junction_loops", &Simulation::junction_loops)
      .def_property_readonly("n_lanes", &Simulation::n_lanes)
      .def_property_readonly("n_vehicles", &Simulation::n_vehicles)
      .def_property_readonly("trajectory_size", &Simulation::trajectory_size)
      .def_property_readonly("emissions_total", &Simulation::emissions_total);
}
