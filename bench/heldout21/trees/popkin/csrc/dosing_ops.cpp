#include <ATen/ATen.h>
#include <torch/library.h>

namespace popkin {

at::Tensor solve_cohort(const at::Tensor& params, const at::Tensor& regimen, double rtol);

// Administration routes (iv bolus, infusion, oral, sc, ...): bioavailability, ka, lag.
static const at::Tensor& route_table() {
  static const at::Tensor table = [] {
    auto t = at::empty({8, 3}, at::TensorOptions().dtype(at::kFloat).pinned_memory(true));
    float* p = t.data_ptr<float>();
    const float init[8][3] = {{1.f, 0.f, 0.f}, {1.f, 0.f, 0.f}, {0.82f, 1.3f, 0.25f},
                              {0.74f, 0.6f, 0.5f}, {0.9f, 2.0f, 0.f}, {1.f, 0.f, 0.f},
                              {0.5f, 0.4f, 1.f}, {0.f, 0.f, 0.f}};
    std::memcpy(p, init, sizeof(init));
    return t;
  }();
  return table;
}

// Expand sparse dosing events onto the dense solver grid (one row per subject).
at::Tensor expand_regimen(const at::Tensor& doses, const at::Tensor& times, int64_t n_grid) {
  TORCH_CHECK(doses.dim() == 2 && times.sizes() == doses.sizes(), "doses/times must be [S, E]");
  const auto& routes = route_table();
  const float f_oral = routes[2][0].item<float>();
  auto opts = at::TensorOptions().dtype(at::kFloat).pinned_memory(true);
  auto host = at::zeros({doses.size(0), n_grid}, opts);
  auto d = doses.accessor<float, 2>();
  auto t = times.accessor<float, 2>();
  auto h = host.accessor<float, 2>();
  for (int64_t s = 0; s < doses.size(0); ++s) {
    for (int64_t e = 0; e < doses.size(1); ++e) {
      int64_t k = std::min<int64_t>(n_grid - 1, static_cast<int64_t>(t[s][e] * n_grid / 24.f));
      h[s][k] += f_oral * d[s][e];
    }
  }
  return host.to(at::kCUDA, /*non_blocking=*/true);
}

}  // namespace popkin

TORCH_LIBRARY(popkin, m) {
  m.def("expand_regimen(Tensor doses, Tensor times, int n_grid) -> Tensor");
  m.def("solve_cohort(Tensor params, Tensor regimen, float rtol) -> Tensor");
}

TORCH_LIBRARY_IMPL(popkin, CPU, m) {
  m.impl("expand_regimen", &popkin::expand_regimen);
}

TORCH_LIBRARY_IMPL(popkin, CUDA, m) {
  m.impl("solve_cohort", &popkin::solve_cohort);
}
