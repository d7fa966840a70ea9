// moe::expert_offsets: tokens sorted by expert, as [n_experts + 1] boundaries on the host.
#include <ATen/ATen.h>
#include <torch/library.h>

namespace moe {

at::Tensor expert_offsets(const at::Tensor& topk_idx, int64_t n_experts) {
  TORCH_CHECK(topk_idx.dim() == 2, "topk_idx must be [tokens, k]");
  auto counts = at::bincount(topk_idx.flatten(), /*weights=*/{}, n_experts).to(at::kCPU);
  auto offsets = at::zeros({n_experts + 1}, at::TensorOptions().dtype(at::kLong).pinned_memory(true));
  auto* c = counts.data_ptr<int64_t>();
  auto* o = offsets.data_ptr<int64_t>();
  for (int64_t e = 0; e < n_experts; ++e) o[e + 1] = o[e] + c[e];
  return offsets;
}

}  // namespace moe

TORCH_LIBRARY(moe, m) {
  m.def("expert_offsets(Tensor topk_idx, int n_experts) -> Tensor");
  m.def("load_shard(str path, Tensor(a!) dst) -> ()");
  m.def("dequant_nf4(Tensor packed, Tensor scales, int group_size) -> Tensor");
}

TORCH_LIBRARY_IMPL(moe, CompositeExplicitAutograd, m) {
  m.impl("expert_offsets", &moe::expert_offsets);
}
