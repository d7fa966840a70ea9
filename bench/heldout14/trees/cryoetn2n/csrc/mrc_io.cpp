#include <cstdio>
#include <cstring>

#include <cuda_runtime.h>
#include <torch/library.h>

#include "ops.h"

namespace cryoet {

struct MrcHeader {
  int32_t nx, ny, nz, mode;
  char pad[1008];
};

at::Tensor read_mrc(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  TORCH_CHECK(f != nullptr, "cannot open ", path);
  MrcHeader h;
  TORCH_CHECK(std::fread(&h, sizeof(h), 1, f) == 1, "short header in ", path);
  const size_t n = static_cast<size_t>(h.nx) * h.ny * h.nz;
  float* buf = nullptr;
  TORCH_CHECK(cudaHostAlloc(reinterpret_cast<void**>(&buf), n * sizeof(float), cudaHostAllocDefault) ==
                  cudaSuccess,
              "pinned alloc");
  TORCH_CHECK(h.mode == 2, "only float32 MRC (mode 2) is supported, got mode ", h.mode);
  size_t got = std::fread(buf, sizeof(float), n, f);
  std::fclose(f);
  if (got != n) {
    cudaFreeHost(buf);
    TORCH_CHECK(false, "short data in ", path);
  }
  return torch::from_blob(buf, {h.nz, h.ny, h.nx}, [](void* p) { cudaFreeHost(p); },
                          at::TensorOptions().dtype(at::kFloat));
}

}  // namespace cryoet

TORCH_LIBRARY_IMPL(cryoet, CPU, m) {
  m.impl("read_mrc", &cryoet::read_mrc);
}
