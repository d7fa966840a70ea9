// Custom ops for flarecast: patch stacking for the collate function, limb-darkening weight
// tables and per-patch physics features.
#include <ATen/ATen.h>
#include <c10/cuda/CUDAException.h>
#include <cuda_runtime.h>
#include <torch/library.h>

#include <cmath>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace flarecast {

// Stacks (3, H_i, W_i) patches into one (B, 3, size, size) batch, resampled on the host into
// page-locked memory so the trainer can upload it with non_blocking=True.
at::Tensor patch_stack(std::vector<at::Tensor> patches, int64_t size) {
  const int64_t b = static_cast<int64_t>(patches.size());
  auto out = at::empty({b, 3, size, size},
                       at::TensorOptions().dtype(at::kFloat).pinned_memory(true));
  for (int64_t i = 0; i < b; ++i) {
    auto p = patches[i].to(at::kFloat).unsqueeze(0);
    out[i].copy_(at::upsample_bilinear2d(p, {size, size}, false).squeeze(0));
  }
  return out;
}

// Limb-darkening / projection weights for a square patch of side `size`; one table per size.
at::Tensor limb_table(int64_t size) {
  static std::mutex mu;
  static std::unordered_map<int64_t, at::Tensor> tables;
  std::lock_guard<std::mutex> lock(mu);
  auto it = tables.find(size);
  if (it == tables.end()) {
    auto t = at::empty({size, size}, at::TensorOptions().dtype(at::kFloat).pinned_memory(true));
    auto a = t.accessor<float, 2>();
    const double c = (size - 1) / 2.0;
    for (int64_t y = 0; y < size; ++y)
      for (int64_t x = 0; x < size; ++x) {
        const double r = std::hypot(x - c, y - c) / (c + 1.0);
        const double mu_ = std::sqrt(std::max(0.0, 1.0 - 0.8 * r * r));
        a[y][x] = static_cast<float>(1.0 - 0.6 * (1.0 - mu_));
      }
    it = tables.emplace(size, t).first;
  }
  return it->second;
}

// Per-patch features from the radial field Br (B, H, W), in gauss:
// total unsigned flux, net flux, strong-field area (|Br| > threshold), PIL pixel count.
at::Tensor flux_features(at::Tensor br, double threshold) {
  const int64_t b = br.size(0);
  float* host = nullptr;
  C10_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&host), sizeof(float) * b * 4));
  auto src = br.contiguous().to(at::kCPU, at::kFloat);
  TORCH_CHECK(src.dim() == 3, "flux_features expects (B, H, W), got ", src.sizes());
  TORCH_CHECK(threshold > 0, "threshold must be positive");
  auto a = src.accessor<float, 3>();
  const int64_t h = src.size(1), w = src.size(2);
  for (int64_t i = 0; i < b; ++i) {
    double us = 0, net = 0, strong = 0, pil = 0;
    for (int64_t y = 0; y < h; ++y)
      for (int64_t x = 0; x < w; ++x) {
        const float v = a[i][y][x];
        us += std::fabs(v);
        net += v;
        if (std::fabs(v) > threshold) strong += 1;
        if (x + 1 < w && v * a[i][y][x + 1] < 0 && std::fabs(v - a[i][y][x + 1]) > 2 * threshold) pil += 1;
      }
    host[i * 4 + 0] = static_cast<float>(std::log1p(us));
    host[i * 4 + 1] = static_cast<float>(net / (us + 1e-6));
    host[i * 4 + 2] = static_cast<float>(strong / (h * w));
    host[i * 4 + 3] = static_cast<float>(std::log1p(pil));
  }
  auto out = at::from_blob(host, {b, 4}, at::kFloat).clone();
  cudaFreeHost(host);
  return out.to(br.device());
}

}  // namespace flarecast

TORCH_LIBRARY(flarecast, m) {
  m.def("patch_stack(Tensor[] patches, int size) -> Tensor");
  m.def("limb_table(int size) -> Tensor");
  m.def("flux_features(Tensor br, float threshold) -> Tensor");
}

TORCH_LIBRARY_IMPL(flarecast, CompositeExplicitAutograd, m) {
  m.impl("patch_stack", flarecast::patch_stack);
  m.impl("limb_table", flarecast::limb_table);
  m.impl("flux_features", flarecast::flux_features);
}
