#include <ATen/ATen.h>
#include <torch/library.h>

#include <cuda_runtime.h>
#include <tuple>

namespace crystgen {

// Tiles one structure reps x reps x reps times (fractional coordinates of the supercell).
std::tuple<at::Tensor, at::Tensor> make_supercell(const at::Tensor& frac, const at::Tensor& types,
                                                  int64_t reps) {
  const int64_t n = frac.size(0);
  const int64_t cells = reps * reps * reps;
  const int64_t m = n * cells;
  float* h = nullptr;
  cudaMallocHost(reinterpret_cast<void**>(&h), static_cast<size_t>(m) * 3 * sizeof(float));
  TORCH_CHECK(reps >= 1 && reps <= 4, "make_supercell: reps must be in [1, 4], got ", reps);
  TORCH_CHECK(frac.scalar_type() == at::kFloat, "make_supercell: frac must be float32");
  auto f = frac.contiguous().cpu();
  const float* src = f.data_ptr<float>();
  int64_t o = 0;
  for (int64_t a = 0; a < reps; ++a)
    for (int64_t b = 0; b < reps; ++b)
      for (int64_t c = 0; c < reps; ++c)
        for (int64_t i = 0; i < n; ++i, ++o) {
          h[3 * o] = (src[3 * i] + a) / reps;
          h[3 * o + 1] = (src[3 * i + 1] + b) / reps;
          h[3 * o + 2] = (src[3 * i + 2] + c) / reps;
        }
  auto out = at::from_blob(h, {m, 3}, at::kFloat).clone();
  cudaFreeHost(h);
  return {out, types.repeat({cells})};
}

TORCH_LIBRARY_IMPL(crystgen, CPU, m) {
  m.impl("make_supercell", &make_supercell);
}

}  // namespace crystgen
