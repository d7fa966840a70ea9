#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>

#include "simulation.hpp"

namespace py = pybind11;
using namespace pic;

static py::array_t<double> field_snapshot(Simulation& sim) {
  const int n = sim.grid().ncells;
  double* h = nullptr;
  PIC_HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&h), n * sizeof(double), hipHostMallocDefault));
  sim.copy_field(h);
  py::capsule owner(h, [](void* p) { hipHostFree(p); });
  return py::array_t<double>({n}, {sizeof(double)}, h, owner);
}

PYBIND11_MODULE(_pic, m) {
  m.def("initialize", [] { Kokkos::initialize(); });
  m.def("finalize", [] { Kokkos::finalize(); });
  py::class_<SimConfig>(m, "SimConfig")
      .def(py::init<>())
      .def_readwrite("ncells", &SimConfig::ncells)
      .def_readwrite("length", &SimConfig::length)
      .def_readwrite("particles", &SimConfig::particles)
      .def_readwrite("drift", &SimConfig::drift)
      .def_readwrite("dt", &SimConfig::dt)
      .def_readwrite("sort_every", &SimConfig::sort_every)
      .def_readwrite("collision_freq", &SimConfig::collision_freq);
  py::class_<Histogram>(m, "Histogram")
      .def_readonly("species", &Histogram::species)
      .def_readonly("edges", &Histogram::edges)
      .def_readonly("counts", &Histogram::counts);
  py::class_<Simulation>(m, "Simulation")
      .def(py::init<const SimConfig&>())
      .def("step", &Simulation::step)
      .def("energies", &Simulation::energies)
      .def("field_snapshot", &field_snapshot)
      .def("histograms", [](Simulation& s, int nbins) { return energy_histograms(s.species(), nbins); })
      .def("probe", [](Simulation& s, int cell) { return probe_sample(s.field(), cell); })
      .def_static("shape_factor", [](double s) {
        const double* t = shape_factor_table();
        const int i = std::min(4095, std::max(0, static_cast<int>(s / 1.5 * 4096)));
        return t[i];
      })
      .def("checkpoint", [](Simulation& s, const std::string& path) {
        return write_checkpoint(path, s.species(), s.step_index());
      })
      .def("restore", [](Simulation& s, const std::string& path) { s.set_step(read_checkpoint(path, s.species())); });
}
