// NF4 dequantisation on the host (experts are dequantised right before their upload).
#include <ATen/ATen.h>
#include <c10/cuda/CUDAException.h>
#include <cuda_runtime.h>
#include <torch/library.h>

namespace moe {

static const float* nf4_table() {
  static const float* table = [] {
    float* t = nullptr;
    C10_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&t), 16 * sizeof(float)));
    const float v[16] = {-1.0f, -0.6962f, -0.5251f, -0.3949f, -0.2844f, -0.1848f, -0.0911f, 0.0f,
                         0.0796f, 0.1609f, 0.2461f, 0.3379f, 0.4407f, 0.5626f, 0.7230f, 1.0f};
    for (int i = 0; i < 16; ++i) t[i] = v[i];
    return t;
  }();
  return table;
}

at::Tensor dequant_nf4(const at::Tensor& packed, const at::Tensor& scales, int64_t group_size) {
  TORCH_CHECK(packed.scalar_type() == at::kByte, "packed must be uint8");
  const float* lut = nf4_table();
  const int64_t n = packed.numel() * 2;
  auto out = at::empty({n}, at::TensorOptions().dtype(at::kHalf));
  auto p = packed.contiguous();
  auto s = scales.to(at::kFloat).contiguous();
  const uint8_t* src = p.data_ptr<uint8_t>();
  const float* sc = s.data_ptr<float>();
  at::Half* dst = out.data_ptr<at::Half>();
  for (int64_t i = 0; i < n; ++i) {
    const uint8_t q = (i & 1) ? (src[i / 2] >> 4) : (src[i / 2] & 0xF);
    dst[i] = at::Half(lut[q] * sc[i / group_size]);
  }
  return out;
}

}  // namespace moe

TORCH_LIBRARY_IMPL(moe, CPU, m) {
  m.impl("dequant_nf4", &moe::dequant_nf4);
}
