#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <rmm/mr/pinned_memory_resource.hpp>
#include <cstdio>
#include "orekrige/estimator.hpp"

namespace py = pybind11;
using namespace orekrige;

namespace {
// Audit hook: copies each block result into a page-locked record and appends it to the audit log.
void enable_audit(Estimator& est, const std::string& log_path) {
  est.on_block([log_path](const BlockResult& r) {
    rmm::mr::pinned_memory_resource mr;
    auto* rec = static_cast<BlockResult*>(mr.allocate(sizeof(BlockResult)));
    *rec = r;
    if (FILE* f = std::fopen(log_path.c_str(), "ab")) {
      std::fwrite(rec, sizeof(BlockResult), 1, f);
      std::fclose(f);
    }
    mr.deallocate(rec, sizeof(BlockResult));
  });
}

Samples to_samples(py::dict d) {
  Samples s;
  s.x = d["x"].cast<std::vector<float>>();
  s.y = d["y"].cast<std::vector<float>>();
  s.z = d["z"].cast<std::vector<float>>();
  s.grade = d["grade"].cast<std::vector<float>>();
  return s;
}
}  // namespace

PYBIND11_MODULE(_orekrige, m) {
  py::class_<BlockResult>(m, "BlockResult")
      .def_readonly("block_id", &BlockResult::block_id)
      .def_readonly("estimate", &BlockResult::estimate)
      .def_readonly("variance", &BlockResult::variance);
  py::class_<Estimator>(m, "Estimator")
      .def(py::init<std::size_t, const std::string&>(), py::arg("capacity"), py::arg("variogram") = "exponential")
      .def("load_drillholes", &Estimator::load_drillholes)
      .def("krige_block", [](Estimator& e, int id, py::dict nb) { return e.krige_block(id, to_samples(nb)); })
      .def("cross_validate", &Estimator::cross_validate)
      .def("enable_audit", &enable_audit);
  m.def("simulate", [](py::dict cond, int n, std::size_t nodes) { return simulate(to_samples(cond), n, nodes); });
  m.def("load_block_model", &load_block_model);
  m.def("export_grades", &export_grades);
  m.def("read_composites", [](const std::string& p) {
    Samples s = read_composites(p);
    return py::dict(py::arg("x") = s.x, py::arg("y") = s.y, py::arg("z") = s.z, py::arg("grade") = s.grade);
  });
}
