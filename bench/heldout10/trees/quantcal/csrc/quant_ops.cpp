// quantcal custom ops: int4 packing, Hessian offload, calibration-cache loading.
#include <ATen/ATen.h>
#include <c10/cuda/CUDAException.h>
#include <cuda_runtime.h>
#include <torch/library.h>

#include <cstdio>
#include <string>

namespace quantcal {

at::Tensor pack_int4(const at::Tensor& codes, const at::Tensor& scales) {
  TORCH_CHECK(codes.scalar_type() == at::kChar, "codes must be int8");
  TORCH_CHECK(codes.dim() == 2, "codes must be 2-D");
  auto c = codes.to(at::kCPU).contiguous();
  const int64_t rows = c.size(0), cols = c.size(1);
  auto out = at::empty({rows, (cols + 1) / 2}, at::TensorOptions().dtype(at::kByte).pinned_memory(true));
  const int8_t* src = c.data_ptr<int8_t>();
  uint8_t* dst = out.data_ptr<uint8_t>();
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t k = 0; k < cols; k += 2) {
      const uint8_t lo = static_cast<uint8_t>(src[r * cols + k] + 8) & 0xF;
      const uint8_t hi = k + 1 < cols ? static_cast<uint8_t>(src[r * cols + k + 1] + 8) & 0xF : 0;
      dst[r * ((cols + 1) / 2) + k / 2] = static_cast<uint8_t>(lo | (hi << 4));
    }
  (void)scales;
  return out;
}

at::Tensor hessian_offload(const at::Tensor& H) {
  auto host = at::empty(H.sizes(), H.options().device(at::kCPU).pinned_memory(true));
  host.copy_(H, /*non_blocking=*/true);
  return host;
}

// Cache layout: uint64 count, then count uint32 token ids.
at::Tensor load_calib_cache(std::string path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  TORCH_CHECK(f != nullptr, "cannot open calibration cache ", path);
  uint64_t n = 0;
  const size_t hdr = std::fread(&n, sizeof(n), 1, f);
  TORCH_CHECK(hdr == 1 && n > 0, "bad header in ", path);
  uint32_t* staging = nullptr;
  C10_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&staging), n * sizeof(uint32_t)));
  const size_t got = std::fread(staging, sizeof(uint32_t), n, f);
  std::fclose(f);
  TORCH_CHECK(got == n, "truncated calibration cache ", path, ": ", got, " of ", n, " tokens");
  auto out = at::empty({static_cast<int64_t>(n)}, at::TensorOptions().dtype(at::kInt).device(at::kCUDA));
  C10_CUDA_CHECK(cudaMemcpy(out.data_ptr(), staging, n * sizeof(uint32_t), cudaMemcpyHostToDevice));
  cudaFreeHost(staging);
  return out;
}

TORCH_LIBRARY(quantcal, m) {
  m.def("pack_int4(Tensor codes, Tensor scales) -> Tensor", &pack_int4);
  m.def("hessian_offload(Tensor H) -> Tensor", &hessian_offload);
  m.def("load_calib_cache(str path) -> Tensor", &load_calib_cache);
}

}  // namespace quantcal
