// k-means over the operating settings (altitude, Mach number, throttle resolver angle).
// FD002 and FD004 fly six regimes; FD001 / FD003 collapse to one.
#include <ATen/ATen.h>
#include <cuda_runtime.h>
#include <torch/library.h>

#include <cstring>
#include <limits>
#include <random>
#include <vector>

namespace turbofan {
namespace {

int64_t nearest(const float* x, const float* c, int64_t k, int64_t d) {
  int64_t best = 0;
  float best_d = std::numeric_limits<float>::max();
  for (int64_t j = 0; j < k; ++j) {
    float s = 0.f;
    for (int64_t q = 0; q < d; ++q) {
      const float diff = x[q] - c[j * d + q];
      s += diff * diff;
    }
    if (s < best_d) {
      best_d = s;
      best = j;
    }
  }
  return best;
}

}  // namespace

at::Tensor fit_regimes(const at::Tensor& settings, int64_t k, int64_t iters) {
  const auto x = settings.contiguous().to(at::kFloat);
  const int64_t n = x.size(0), d = x.size(1);
  const float* px = x.data_ptr<float>();

  // The centroids are read back after every iteration of the device assignment pass
  // in the CUDA build; keep them page-locked so that read-back can be async.
  float* centroids = nullptr;
  cudaError_t err = cudaMallocHost(reinterpret_cast<void**>(&centroids), k * d * sizeof(float));
  TORCH_CHECK(err == cudaSuccess, "cudaMallocHost(centroids): ", cudaGetErrorString(err));
  TORCH_CHECK(n >= k, "fit_regimes: need at least ", k, " cycles, got ", n);

  std::mt19937 rng(1234);
  std::uniform_int_distribution<int64_t> pick(0, n - 1);
  for (int64_t j = 0; j < k; ++j) std::memcpy(centroids + j * d, px + pick(rng) * d, d * sizeof(float));

  std::vector<double> sum(k * d);
  std::vector<int64_t> count(k);
  for (int64_t it = 0; it < iters; ++it) {
    std::fill(sum.begin(), sum.end(), 0.0);
    std::fill(count.begin(), count.end(), 0);
    for (int64_t i = 0; i < n; ++i) {
      const int64_t j = nearest(px + i * d, centroids, k, d);
      ++count[j];
      for (int64_t q = 0; q < d; ++q) sum[j * d + q] += px[i * d + q];
    }
    for (int64_t j = 0; j < k; ++j) {
      TORCH_CHECK(count[j] > 0, "fit_regimes: regime ", j, " lost all its cycles at iteration ", it);
      for (int64_t q = 0; q < d; ++q) centroids[j * d + q] = static_cast<float>(sum[j * d + q] / count[j]);
    }
  }

  auto out = at::empty({k, d}, x.options());
  std::memcpy(out.data_ptr<float>(), centroids, k * d * sizeof(float));
  cudaFreeHost(centroids);
  return out;
}

}  // namespace turbofan

TORCH_LIBRARY_FRAGMENT(turbofan, m) {
  m.def("fit_regimes(Tensor settings, int k, int iters) -> Tensor", &turbofan::fit_regimes);
}
