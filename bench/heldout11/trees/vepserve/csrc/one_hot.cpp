#include <torch/library.h>
#include <ATen/ATen.h>
#include <cuda_runtime_api.h>

#include <cstdint>
#include <cstdio>
#include <string>

namespace vep {

// seq: uint8 (N, L) with A=0 C=1 G=2 T=3 N=4  ->  float (N, 4, L), N positions all zero.
at::Tensor one_hot_cpu(const at::Tensor& seq) {
  TORCH_CHECK(seq.scalar_type() == at::kByte && seq.dim() == 2, "seq must be uint8 (N, L)");
  const int64_t n = seq.size(0), len = seq.size(1);
  at::Tensor out = at::zeros({n, 4, len}, at::TensorOptions().dtype(at::kFloat).pinned_memory(true));
  auto s = seq.accessor<uint8_t, 2>();
  auto o = out.accessor<float, 3>();
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < len; ++j)
      if (s[i][j] < 4) o[i][s[i][j]][j] = 1.f;
  return out;
}

struct SpliceHeader {
  uint32_t version;
  uint32_t rows;
};

at::Tensor load_splice_table(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  TORCH_CHECK(f != nullptr, "cannot open ", path);
  SpliceHeader hdr{};
  TORCH_CHECK(std::fread(&hdr, sizeof(hdr), 1, f) == 1, "short splice header");
  float* rows = nullptr;
  cudaHostAlloc(reinterpret_cast<void**>(&rows), size_t(hdr.rows) * 8 * sizeof(float), cudaHostAllocPortable);
  TORCH_CHECK(hdr.version == 3, "splice table version ", hdr.version, " is not supported");
  size_t got = std::fread(rows, sizeof(float) * 8, hdr.rows, f);
  std::fclose(f);
  return at::from_blob(rows, {int64_t(got), 8}, [](void* p) { cudaFreeHost(p); },
                       at::TensorOptions().dtype(at::kFloat));
}

}  // namespace vep

TORCH_LIBRARY(vep, m) {
  m.def("one_hot(Tensor seq) -> Tensor");
  m.def("load_splice_table(str path) -> Tensor", &vep::load_splice_table);
}

TORCH_LIBRARY_IMPL(vep, CPU, m) { m.impl("one_hot", &vep::one_hot_cpu); }
