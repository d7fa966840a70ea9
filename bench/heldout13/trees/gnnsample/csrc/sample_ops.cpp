#include <ATen/ATen.h>
#include <torch/custom_class.h>
#include <torch/library.h>

#include <cstring>
#include <random>
#include <vector>

#include "csr_graph.hpp"

namespace gnnsample {

// Per-sampler state: the RNG counter and a scratch buffer that only grows.
struct SamplerState : torch::CustomClassHolder {
  int64_t seed;
  at::Tensor scratch_;

  explicit SamplerState(int64_t s) : seed(s) {}

  int64_t* scratch(int64_t n) {
    if (!scratch_.defined() || scratch_.numel() < n) {
      scratch_ = at::empty({n * 2}, at::TensorOptions().dtype(at::kLong).pinned_memory(true));
    }
    return scratch_.data_ptr<int64_t>();
  }
};

// One hop of uniform neighbour sampling. The frontier is returned in page-locked memory so the
// caller can copy it to the device asynchronously.
std::vector<at::Tensor> sample_neighbors(const c10::intrusive_ptr<CSRGraph>& g,
                                         const c10::intrusive_ptr<SamplerState>& st, const at::Tensor& seeds,
                                         int64_t fanout) {
  TORCH_CHECK(seeds.device().is_cpu() && seeds.scalar_type() == at::kLong, "seeds must be a CPU int64 tensor");
  const int64_t n = seeds.numel();
  auto opts = at::TensorOptions().dtype(at::kLong);
  at::Tensor rowptr = at::empty({n + 1}, opts);
  int64_t* tmp = st->scratch(n * fanout);
  std::mt19937_64 rng(static_cast<uint64_t>(st->seed++));
  const int64_t* s = seeds.data_ptr<int64_t>();
  int64_t* rp = rowptr.data_ptr<int64_t>();
  const int64_t* indptr = g->indptr();
  const int64_t* indices = g->indices();
  int64_t k = 0;
  rp[0] = 0;
  for (int64_t i = 0; i < n; ++i) {
    const int64_t beg = indptr[s[i]];
    const int64_t end = indptr[s[i] + 1];
    if (end - beg <= fanout) {
      for (int64_t e = beg; e < end; ++e) tmp[k++] = indices[e];
    } else {
      std::uniform_int_distribution<int64_t> pick(beg, end - 1);
      for (int64_t j = 0; j < fanout; ++j) tmp[k++] = indices[pick(rng)];
    }
    rp[i + 1] = k;
  }
  at::Tensor frontier = at::empty({k}, opts.pinned_memory(true));
  std::memcpy(frontier.data_ptr<int64_t>(), tmp, sizeof(int64_t) * static_cast<size_t>(k));
  return {frontier, rowptr};
}

TORCH_LIBRARY(gnnsample, m) {
  m.class_<SamplerState>("SamplerState").def(torch::init<int64_t>());
  m.class_<CSRGraph>("CSRGraph")
      .def_static("open", &CSRGraph::open)
      .def("num_nodes", &CSRGraph::num_nodes);
  m.def("sample_neighbors", sample_neighbors);
  m.def("gather_rows(Tensor feats, Tensor ids) -> Tensor");
}

}  // namespace gnnsample
