#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <tuple>

#include "api.hpp"

namespace py = pybind11;
using aquifer::TransportSolver;

namespace {

std::unique_ptr<TransportSolver> make_solver(int nx, int ny, int nz, double dx, double dy, double dz, int ns,
                                             int nsub) {
  return std::make_unique<TransportSolver>(aquifer::Grid{nx, ny, nz, dx, dy, dz}, ns, nsub);
}

void apply_wells(TransportSolver& s, const std::vector<std::tuple<std::size_t, double, std::vector<double>>>& rows) {
  std::vector<aquifer::WellRate> wells;
  wells.reserve(rows.size());
  for (const auto& [offset, rate, frac] : rows) wells.push_back({offset, rate, frac});
  py::gil_scoped_release nogil;
  cudaMemsetAsync(s.device_source(), 0, s.cells() * sizeof(double), s.stream());
  aquifer::stage_well_rates(s.device_source(), wells, s.stream());
}

void download(const TransportSolver& s, py::array_t<double, py::array::c_style> out) {
  auto buf = out.mutable_unchecked<1>();
  py::gil_scoped_release nogil;
  s.download(buf.mutable_data(0), static_cast<std::size_t>(buf.shape(0)));
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "aquifer reactive-transport core";

  py::class_<TransportSolver>(m, "Solver")
      .def(py::init(&make_solver), py::arg("nx"), py::arg("ny"), py::arg("nz"), py::arg("dx"), py::arg("dy"),
           py::arg("dz"), py::arg("species"), py::arg("subdomains") = 1)
      .def("cells", &TransportSolver::cells)
      .def("species", &TransportSolver::species)
      .def("steps_taken", &TransportSolver::steps_taken)
      .def("step", &TransportSolver::step, py::call_guard<py::gil_scoped_release>())
      .def("download", &download)
      .def("apply_wells", &apply_wells)
      .def("sample", &aquifer::sample_cells, py::arg("cells"), py::arg("species"))
      .def("set_reaction",
           [](TransportSolver& s, const std::string& kind, const std::vector<double>& params) {
             s.set_reaction(aquifer::make_reaction(kind, params));
           })
      .def("enable_mass_audit", [](TransportSolver& s, double tol, std::function<void(int, double)> cb) {
        s.set_audit(aquifer::make_mass_audit(tol, [cb](int step, double rel) {
          py::gil_scoped_acquire gil;
          cb(step, rel);
        }));
      });

  m.def("init_well_table", &aquifer::init_well_table);
  m.def("free_well_table", &aquifer::free_well_table);
  m.def("read_permeability", [](const std::string& path, TransportSolver& s, std::size_t expected) {
    return aquifer::read_permeability(path, s.device_perm(), expected);
  });
  m.def("write_checkpoint", &aquifer::write_checkpoint);
  m.def("write_concentration_vtk", &aquifer::write_concentration_vtk, py::arg("path"), py::arg("solver"),
        py::arg("species") = 0);
}
