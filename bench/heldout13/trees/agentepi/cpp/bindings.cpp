#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "sim.hpp"

namespace py = pybind11;
using epi::Simulation;

PYBIND11_MODULE(_epi, m) {
  py::class_<epi::Params>(m, "Params")
      .def(py::init<>())
      .def_readwrite("n_regions", &epi::Params::n_regions)
      .def_readwrite("beta_household", &epi::Params::beta_household)
      .def_readwrite("beta_school", &epi::Params::beta_school)
      .def_readwrite("beta_work", &epi::Params::beta_work)
      .def_readwrite("beta_community", &epi::Params::beta_community);
  py::class_<Simulation>(m, "Simulation")
      .def(py::init<const std::string&, const epi::Params&, uint64_t>())
      .def("day", &Simulation::day)
      .def("n_regions", &Simulation::n_regions)
      .def("step_day",
           [](Simulation& s, const std::vector<std::pair<int, std::vector<int32_t>>>& imps) {
             std::vector<epi::Importation> v;
             for (const auto& [region, ids] : imps) v.push_back({region, ids});
             py::gil_scoped_release nogil;
             s.step_day(v);
           })
      .def("vaccinate",
           [](Simulation& s, py::array_t<int32_t, py::array::c_style> doses) {
             s.vaccinate(doses.data(), static_cast<int>(doses.shape(0)), static_cast<int>(doses.shape(1)));
           })
      .def("compartments",
           [](Simulation& s) {
             int64_t* p = s.compartments_snapshot();
             py::capsule owner(p, [](void* q) { cudaFreeHost(q); });
             return py::array_t<int64_t>({s.n_regions(), 4}, p, owner);
           })
      .def("n_cases", [](const Simulation& s) { return s.line_list().size(); })
      .def("write_final_report", &Simulation::write_final_report);
}
