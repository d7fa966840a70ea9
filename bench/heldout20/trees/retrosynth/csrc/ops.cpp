#include <torch/library.h>

namespace retro {
at::Tensor pack_templates(const at::Tensor& n_reactants, int64_t n_templates);
at::Tensor index_building_blocks(const at::Tensor& fps);
}  // namespace retro

TORCH_LIBRARY(retro, m) {
  m.def("pack_templates(Tensor n_reactants, int n_templates) -> Tensor");
  m.def("index_building_blocks(Tensor fps) -> Tensor");
}

TORCH_LIBRARY_IMPL(retro, CPU, m) {
  m.impl("pack_templates", &retro::pack_templates);
  m.impl("index_building_blocks", &retro::index_building_blocks);
}
