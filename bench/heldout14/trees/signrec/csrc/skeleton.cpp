#include <cstdio>

#include <cuda_runtime.h>
#include <torch/library.h>
#include <torch/torch.h>

namespace signrec {

// a skeleton definition: int32 count, then count x (parent, mirror) int32 pairs
at::Tensor load_skeleton(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  TORCH_CHECK(f, "cannot open ", path);
  int32_t n = 0;
  TORCH_CHECK(std::fread(&n, 4, 1, f) == 1, "empty skeleton file");
  int32_t* buf = nullptr;
  cudaHostAlloc(reinterpret_cast<void**>(&buf), static_cast<size_t>(n) * 2 * sizeof(int32_t), cudaHostAllocDefault);
  const size_t got = std::fread(buf, sizeof(int32_t), static_cast<size_t>(n) * 2, f);
  std::fclose(f);
  TORCH_CHECK(got == static_cast<size_t>(n) * 2, "truncated skeleton ", path);
  auto t = torch::from_blob(buf, {n, 2}, at::TensorOptions().dtype(at::kInt)).clone();
  cudaFreeHost(buf);
  return t;
}

}  // namespace signrec

TORCH_LIBRARY_IMPL(signrec, CPU, m) {
  m.impl("load_skeleton", &signrec::load_skeleton);
}
