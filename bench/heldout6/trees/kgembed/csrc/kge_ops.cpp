#include <ATen/ATen.h>
#include <cuda_runtime.h>
#include <torch/library.h>
#include <random>
#include <vector>

namespace kge {

static void* g_table_ptr = nullptr;

// Corrupt heads or tails of a positive batch; result staged in pinned memory for the H2D copy.
at::Tensor sample_negatives(const at::Tensor& pos, int64_t num_entities, int64_t per_pos, int64_t seed) {
  const int64_t b = pos.size(0);
  auto out = at::empty({b * per_pos, 3}, at::TensorOptions().dtype(at::kLong).pinned_memory(true));
  auto p = pos.accessor<int64_t, 2>();
  auto o = out.accessor<int64_t, 2>();
  std::mt19937_64 rng(static_cast<uint64_t>(seed));
  std::uniform_int_distribution<int64_t> ent(0, num_entities - 1);
  for (int64_t i = 0; i < b; ++i)
    for (int64_t k = 0; k < per_pos; ++k) {
      const int64_t r = i * per_pos + k;
      o[r][0] = p[i][0]; o[r][1] = p[i][1]; o[r][2] = p[i][2];
      o[r][(rng() & 1) ? 0 : 2] = ent(rng);
    }
  return out;
}

// Register the CPU entity table once so that row gathers can be DMA'd directly.
void init_host_table(at::Tensor table) {
  TORCH_CHECK(table.is_contiguous() && !table.is_cuda(), "need a contiguous CPU table");
  TORCH_CHECK(g_table_ptr == nullptr, "host table already registered");
  auto err = cudaHostRegister(table.data_ptr(), table.nbytes(), cudaHostRegisterPortable);
  TORCH_CHECK(err == cudaSuccess, cudaGetErrorString(err));
  g_table_ptr = table.data_ptr();
}

void release_host_table() {
  if (g_table_ptr) {
    cudaHostUnregister(g_table_ptr);
    g_table_ptr = nullptr;
  }
}

// Apply sparse gradient rows to the CPU table in chunks, each chunk through its own pinned tensor.
void pinned_scatter_add(at::Tensor table, const at::Tensor& idx, const at::Tensor& grad, int64_t chunk) {
  const int64_t n = idx.size(0);
  for (int64_t s = 0; s < n; s += chunk) {
    const int64_t e = std::min(n, s + chunk);
    auto host = at::empty({e - s, grad.size(1)}, grad.options().device(at::kCPU).pinned_memory(true));
    host.copy_(grad.slice(0, s, e));
    table.index_add_(0, idx.slice(0, s, e).cpu(), host);
  }
}

}  // namespace kge

TORCH_LIBRARY(kge, m) {
  m.def("sample_negatives(Tensor pos, int num_entities, int per_pos, int seed) -> Tensor", &kge::sample_negatives);
  m.def("init_host_table(Tensor table) -> ()", &kge::init_host_table);
  m.def("release_host_table() -> ()", &kge::release_host_table);
  m.def("pinned_scatter_add(Tensor table, Tensor idx, Tensor grad, int chunk) -> ()", &kge::pinned_scatter_add);
}
