#include <ATen/ATen.h>
#include <torch/custom_class.h>
#include <torch/library.h>

#include "host_table.h"

namespace embcache {

at::Tensor gather_rows(const at::Tensor& table, const at::Tensor& idx) {
  TORCH_CHECK(table.device().is_cpu() && idx.device().is_cpu(), "gather_rows expects CPU tensors");
  auto out = at::empty({idx.size(0), table.size(1)}, table.options().pinned_memory(true));
  at::index_select_out(out, table, 0, idx);
  return out;
}

at::Tensor make_staging(int64_t rows, int64_t dim) {
  return at::empty({rows, dim}, at::TensorOptions().dtype(at::kFloat).pinned_memory(true));
}

struct HostTableHolder : torch::CustomClassHolder {
  HostTable table;
  HostTableHolder(int64_t rows, int64_t dim) : table(rows, dim) {}
  at::Tensor view() { return at::from_blob(table.data(), {table.rows(), table.dim()}, at::kFloat); }
  void grow(int64_t rows) { table.grow(rows); }
  int64_t rows() { return table.rows(); }
};

}  // namespace embcache

TORCH_LIBRARY(embcache, m) {
  m.class_<embcache::HostTableHolder>("HostTable")
      .def(torch::init<int64_t, int64_t>())
      .def("view", &embcache::HostTableHolder::view)
      .def("grow", &embcache::HostTableHolder::grow)
      .def("rows", &embcache::HostTableHolder::rows);
  m.def("gather_rows(Tensor table, Tensor idx) -> Tensor");
  m.def("make_staging(int rows, int dim) -> Tensor");
}

TORCH_LIBRARY_IMPL(embcache, CPU, m) {
  m.impl("gather_rows", &embcache::gather_rows);
}

TORCH_LIBRARY_IMPL(embcache, CompositeExplicitAutograd, m) {
  m.impl("make_staging", &embcache::make_staging);
}
