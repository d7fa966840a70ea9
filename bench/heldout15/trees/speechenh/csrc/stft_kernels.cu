#include <cuda_runtime.h>

#include <cstdint>

namespace speechenh {

__global__ void overlap_add_kernel(const float* __restrict__ frames, float* __restrict__ out,
                                   int64_t n_frames, int64_t n_fft, int64_t hop) {
  const int64_t t = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  const int64_t total = (n_frames - 1) * hop + n_fft;
  if (t >= total) return;
  int64_t first = t >= n_fft ? (t - n_fft) / hop + 1 : 0;
  int64_t last = t / hop;
  if (last >= n_frames) last = n_frames - 1;
  float acc = 0.f;
  for (int64_t f = first; f <= last; ++f) acc += frames[f * n_fft + (t - f * hop)];
  out[t] = acc;
}

void launch_overlap_add(const float* frames, float* out, int64_t n_frames, int64_t n_fft,
                        int64_t hop, cudaStream_t stream) {
  const int64_t total = (n_frames - 1) * hop + n_fft;
  const int threads = 256;
  const int blocks = static_cast<int>((total + threads - 1) / threads);
  overlap_add_kernel<<<blocks, threads, 0, stream>>>(frames, out, n_frames, n_fft, hop);
}

}  // namespace speechenh
