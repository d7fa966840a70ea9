#include <ATen/ATen.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda_runtime.h>
#include <torch/library.h>

#include <cstring>
#include <mutex>
#include <unordered_map>

namespace speechenh {

void launch_overlap_add(const float* frames, float* out, int64_t n_frames, int64_t n_fft,
                        int64_t hop, cudaStream_t stream);

// sqrt-Hann analysis/synthesis window, one per FFT size.
at::Tensor window_table(int64_t n_fft) {
  static std::mutex mu;
  static std::unordered_map<int64_t, at::Tensor> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(n_fft);
  if (it == cache.end()) {
    it = cache.emplace(n_fft, at::hann_window(n_fft, at::kFloat).sqrt().pin_memory()).first;
  }
  return it->second;
}

at::Tensor stft_frames(const at::Tensor& audio, int64_t n_fft, int64_t hop) {
  TORCH_CHECK(audio.device().is_cpu() && audio.dim() == 1, "stft_frames: expects a 1-D CPU tensor");
  TORCH_CHECK(audio.size(0) >= n_fft, "stft_frames: chunk shorter than n_fft");
  const int64_t n_frames = 1 + (audio.size(0) - n_fft) / hop;
  at::Tensor frames = at::empty({n_frames, n_fft},
                                at::TensorOptions().dtype(at::kFloat).pinned_memory(true));
  const at::Tensor win = window_table(n_fft);
  const at::Tensor a = audio.contiguous().to(at::kFloat);
  const float* src = a.data_ptr<float>();
  const float* w = win.data_ptr<float>();
  float* dst = frames.data_ptr<float>();
  for (int64_t f = 0; f < n_frames; ++f) {
    for (int64_t k = 0; k < n_fft; ++k) dst[f * n_fft + k] = src[f * hop + k] * w[k];
  }
  at::Tensor dev = frames.to(at::Device(at::kCUDA), /*non_blocking=*/true);
  return at::fft_rfft(dev, c10::nullopt, -1);
}

at::Tensor overlap_add(const at::Tensor& frames, int64_t hop, int64_t length) {
  TORCH_CHECK(frames.is_cuda() && frames.dim() == 2, "overlap_add: expects (frames, n_fft) on CUDA");
  const at::Tensor f = frames.contiguous().to(at::kFloat);
  const int64_t n_frames = f.size(0), n_fft = f.size(1);
  const int64_t total = (n_frames - 1) * hop + n_fft;
  at::Tensor signal = at::zeros({total}, f.options());
  cudaStream_t stream = c10::cuda::getCurrentCUDAStream();
  launch_overlap_add(f.data_ptr<float>(), signal.data_ptr<float>(), n_frames, n_fft, hop, stream);

  float* host = nullptr;
  const size_t bytes = static_cast<size_t>(total) * sizeof(float);
  C10_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&host), bytes));
  C10_CUDA_CHECK(cudaMemcpyAsync(host, signal.data_ptr<float>(), bytes, cudaMemcpyDeviceToHost, stream));
  C10_CUDA_CHECK(cudaStreamSynchronize(stream));
  const int64_t offset = (n_fft - hop) / 2;
  TORCH_CHECK(total - offset >= length, "overlap_add: only ", total - offset,
              " samples reconstructed, ", length, " requested");
  at::Tensor out = at::empty({length}, at::kFloat);
  std::memcpy(out.data_ptr<float>(), host + offset, static_cast<size_t>(length) * sizeof(float));
  cudaFreeHost(host);
  return out;
}

}  // namespace speechenh

TORCH_LIBRARY(speechenh, m) {
  m.def("stft_frames(Tensor audio, int n_fft, int hop) -> Tensor");
  m.def("overlap_add(Tensor frames, int hop, int length) -> Tensor");
  m.def("window_table(int n_fft) -> Tensor", &speechenh::window_table);
}

TORCH_LIBRARY_IMPL(speechenh, CPU, m) {
  m.impl("stft_frames", &speechenh::stft_frames);
}

TORCH_LIBRARY_IMPL(speechenh, CUDA, m) {
  m.impl("overlap_add", &speechenh::overlap_add);
}
