#include <ATen/ATen.h>
#include <torch/library.h>

#include <tuple>
#include <vector>

namespace crystgen {

// The 27 periodic image offsets (-1..1)^3 in lattice units, built on first use.
static const at::Tensor& image_offsets() {
  static const at::Tensor offsets = [] {
    auto t = at::empty({27, 3}, at::TensorOptions().dtype(at::kFloat).pinned_memory(true));
    float* p = t.data_ptr<float>();
    int k = 0;
    for (int a = -1; a <= 1; ++a)
      for (int b = -1; b <= 1; ++b)
        for (int c = -1; c <= 1; ++c) {
          p[3 * k] = static_cast<float>(a);
          p[3 * k + 1] = static_cast<float>(b);
          p[3 * k + 2] = static_cast<float>(c);
          ++k;
        }
    return t;
  }();
  return offsets;
}

// Radius graph of a batch of periodic structures.
// frac [N,3] fractional coordinates, lattice [B,3,3], batch [N] structure id per atom.
// Returns (edge_index [2,E], image shift [E,3]).
std::tuple<at::Tensor, at::Tensor> radius_graph(const at::Tensor& frac, const at::Tensor& lattice,
                                                const at::Tensor& batch, double cutoff) {
  TORCH_CHECK(frac.dim() == 2 && frac.size(1) == 3, "radius_graph: frac must be [N, 3]");
  TORCH_CHECK(lattice.dim() == 3, "radius_graph: lattice must be [B, 3, 3]");
  const int64_t n = frac.size(0);
  auto degree = at::empty({n}, at::TensorOptions().dtype(at::kInt).pinned_memory(true));
  auto offs = image_offsets().to(frac.device(), /*non_blocking=*/true);
  auto lat = lattice.index_select(0, batch);  // [N,3,3]
  auto cart = at::bmm(frac.unsqueeze(1), lat).squeeze(1);
  auto same = batch.unsqueeze(0) == batch.unsqueeze(1);

  std::vector<at::Tensor> src, dst, shifts;
  for (int64_t k = 0; k < 27; ++k) {
    auto shift = at::bmm(offs[k].expand({n, 1, 3}), lat).squeeze(1);
    auto d = (cart.unsqueeze(1) + shift.unsqueeze(1) - cart.unsqueeze(0)).norm(2, -1);
    auto hit = same & (d < cutoff) & (d > 1e-4);
    auto idx = hit.nonzero();
    src.push_back(idx.select(1, 0));
    dst.push_back(idx.select(1, 1));
    shifts.push_back(offs[k].expand({idx.size(0), 3}));
  }
  auto s = at::cat(src);
  auto t = at::cat(dst);
  degree.copy_(at::bincount(s, {}, n).to(at::kInt));
  const int* deg = degree.data_ptr<int>();
  int max_deg = 0;
  for (int64_t i = 0; i < n; ++i) max_deg = deg[i] > max_deg ? deg[i] : max_deg;
  if (max_deg > 256) {
    TORCH_WARN_ONCE("radius_graph: an atom has ", max_deg, " neighbours; lower the cutoff");
  }
  return {at::stack({s, t}), at::cat(shifts)};
}

TORCH_LIBRARY(crystgen, m) {
  m.def("radius_graph(Tensor frac, Tensor lattice, Tensor batch, float cutoff) -> (Tensor, Tensor)");
  m.def("make_supercell(Tensor frac, Tensor types, int reps) -> (Tensor, Tensor)");
}

TORCH_LIBRARY_IMPL(crystgen, CompositeExplicitAutograd, m) {
  m.impl("radius_graph", &radius_graph);
}

}  // namespace crystgen
