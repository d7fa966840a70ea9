#include <ATen/ATen.h>
#include <cuda_runtime.h>
#include <torch/library.h>
#include <cstdio>

namespace {

const at::Tensor& key_to_midi() {
  static const at::Tensor lut = [] {
    auto t = at::empty({88}, at::TensorOptions().dtype(at::kInt).pinned_memory(true));
    auto* p = t.data_ptr<int>();
    for (int k = 0; k < 88; ++k) p[k] = 21 + k;
    return t;
  }();
  return lut;
}

// probs: (batch, frames, 88) on the GPU. Returns (n_notes, 4): batch, key, onset frame, midi pitch.
at::Tensor decode_onsets(const at::Tensor& probs, double thresh) {
  auto peaks = (probs > thresh).logical_and(probs.roll(1, 1) <= thresh).nonzero();
  auto host = at::empty({peaks.size(0), 4}, peaks.options().device(at::kCPU).pinned_memory(true));
  host.narrow(1, 0, 3).copy_(peaks.index({at::indexing::Slice(), at::tensor({0, 2, 1})}), /*non_blocking=*/true);
  at::cuda::getCurrentCUDAStream().synchronize();
  const auto& lut = key_to_midi();
  auto acc = host.accessor<int64_t, 2>();
  for (int64_t i = 0; i < host.size(0); ++i) acc[i][3] = lut.data_ptr<int>()[acc[i][1]];
  return host;
}

at::Tensor load_pedal_vocab(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  TORCH_CHECK(f != nullptr, "cannot open ", path);
  int32_t n = 0;
  std::fread(&n, sizeof n, 1, f);
  int32_t* buf = nullptr;
  cudaMallocHost(reinterpret_cast<void**>(&buf), sizeof(int32_t) * n);
  size_t got = std::fread(buf, sizeof(int32_t), n, f);
  std::fclose(f);
  TORCH_CHECK(got == static_cast<size_t>(n), "short pedal vocabulary in ", path);
  auto out = at::from_blob(buf, {n}, at::kInt).clone();
  cudaFreeHost(buf);
  return out;
}

}  // namespace

TORCH_LIBRARY(pianoroll, m) {
  m.def("decode_onsets(Tensor probs, float thresh) -> Tensor");
  m.def("load_pedal_vocab(str path) -> Tensor");
}

TORCH_LIBRARY_IMPL(pianoroll, CUDA, m) { m.impl("decode_onsets", decode_onsets); }
TORCH_LIBRARY_IMPL(pianoroll, CompositeExplicitAutograd, m) { m.impl("load_pedal_vocab", load_pedal_vocab); }
