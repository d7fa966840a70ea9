#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "dock/conformer_pool.hpp"

namespace py = pybind11;

namespace dock {
class GridMaps;
struct Receptor;
py::array_t<float> score_batch(GridMaps& maps, py::array_t<float, py::array::c_style> coords);
Receptor* load_receptor(const std::string& path, int max_atoms);
void free_receptor(Receptor* rec);
void write_poses(const std::string& path, const std::vector<int>& ids, const std::vector<float>& scores);
std::vector<float> rescore_top(const std::vector<std::vector<float>>& poses, int iters);
cudaError_t cluster_poses(const float* d_xyz, int n, int atoms, float cutoff, int* labels);
}  // namespace dock

PYBIND11_MODULE(_dock, m) {
  py::class_<dock::GridMaps>(m, "GridMaps").def(py::init<int, int, int, int>()).def("upload", &dock::GridMaps::upload);
  py::class_<dock::ConformerPool>(m, "ConformerPool")
      .def(py::init<int, std::size_t>())
      .def("free_slots", &dock::ConformerPool::free_slots);
  m.def("score_batch", &dock::score_batch);
  m.def("load_receptor", &dock::load_receptor, py::return_value_policy::take_ownership);
  m.def("write_poses", &dock::write_poses);
  m.def("rescore_top", &dock::rescore_top);
  m.def("cluster", [](std::uintptr_t d_xyz, int n, int atoms, float cutoff) {
    std::vector<int> labels(n);
    dock::cluster_poses(reinterpret_cast<const float*>(d_xyz), n, atoms, cutoff, labels.data());
    return labels;
  });
}
