#include <ATen/ATen.h>
#include <torch/extension.h>

#include <algorithm>
#include <array>

namespace retro {

namespace {

constexpr int64_t kMaxArity = 3;

// Share of the template library by reactant count (USPTO-50k: 1, 2 and 3 reactants),
// in parts per 10000; templates are sorted by arity, so each arity owns a contiguous range.
constexpr std::array<int64_t, kMaxArity + 1> kShare = {0, 3160, 6710, 130};

const at::Tensor& arity_bounds_per_10k() {
  static const at::Tensor table = [] {
    at::Tensor t = at::empty({kMaxArity + 1, 2}, at::TensorOptions().dtype(at::kLong).pinned_memory(true));
    auto a = t.accessor<int64_t, 2>();
    int64_t lo = 0;
    for (int64_t k = 0; k <= kMaxArity; ++k) {
      a[k][0] = lo;
      lo += kShare[k];
      a[k][1] = lo;
    }
    return t;
  }();
  return table;
}

}  // namespace

// [batch, 2] half-open template-id ranges allowed for each product's arity.
at::Tensor pack_templates(const at::Tensor& n_reactants, int64_t n_templates) {
  TORCH_CHECK(n_reactants.dim() == 1, "n_reactants must be 1-D");
  TORCH_CHECK(n_templates > 0, "n_templates must be positive");
  auto nr = n_reactants.to(at::kLong).contiguous();
  const auto bounds = arity_bounds_per_10k().accessor<int64_t, 2>();
  at::Tensor out = at::empty({nr.size(0), 2}, at::TensorOptions().dtype(at::kLong).pinned_memory(true));
  auto o = out.accessor<int64_t, 2>();
  const int64_t* r = nr.data_ptr<int64_t>();
  for (int64_t i = 0; i < nr.size(0); ++i) {
    const int64_t k = std::clamp<int64_t>(r[i], 0, kMaxArity);
    o[i][0] = bounds[k][0] * n_templates / 10000;
    o[i][1] = (k == kMaxArity) ? n_templates : bounds[k][1] * n_templates / 10000;
  }
  return out;
}

}  // namespace retro
