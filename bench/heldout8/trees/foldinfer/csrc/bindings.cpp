#include <torch/extension.h>
#include <pybind11/numpy.h>

namespace py = pybind11;

py::array_t<float> msa_pair_stats(py::array_t<int64_t> msa, py::array_t<float> mask);
void load_residue_table(const std::string& path);

class TriangleWorkspace {
 public:
  TriangleWorkspace(int c_z, int max_len);
  ~TriangleWorkspace();
  void run(uintptr_t z, int64_t n);

 private:
  float* host_ = nullptr;
  float* dev_ = nullptr;
  size_t bytes_ = 0;
};

PYBIND11_MODULE(_foldops, m) {
  m.def("msa_pair_stats", &msa_pair_stats);
  m.def("load_residue_table", &load_residue_table);
  py::class_<TriangleWorkspace>(m, "TriangleWorkspace")
      .def(py::init<int, int>())
      .def("run", &TriangleWorkspace::run);
}
