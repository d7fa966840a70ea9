// CRF Viterbi decoding: the forward max-product runs on the GPU (one block per sequence, one
// thread per tag); the backtrace runs on the host over the downloaded back-pointers.
#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>

namespace {

__global__ void viterbi_forward(const float* em, const float* trans, const int64_t* lengths, int T, int L,
                                short* bp, float* final_score) {
  extern __shared__ float score[];
  const int b = blockIdx.x, j = threadIdx.x;
  const float* e = em + static_cast<size_t>(b) * T * L;
  score[j] = e[j];
  __syncthreads();
  for (int t = 1; t < lengths[b]; ++t) {
    float best = -1e30f;
    short arg = 0;
    for (int i = 0; i < L; ++i) {
      const float s = score[i] + trans[i * L + j];
      if (s > best) {
        best = s;
        arg = static_cast<short>(i);
      }
    }
    __syncthreads();
    score[j] = best + e[t * L + j];
    bp[(static_cast<size_t>(b) * T + t) * L + j] = arg;
    __syncthreads();
  }
  final_score[b * L + j] = score[j];
}

// The CRF transitions never change after the checkpoint is loaded: keep one host copy.
const at::Tensor& transitions_host(const at::Tensor& transitions) {
  static at::Tensor cached;
  if (!cached.defined()) {
    cached = transitions.detach().to(at::kCPU).pin_memory();
  }
  return cached;
}

}  // namespace

at::Tensor viterbi_decode_cuda(const at::Tensor& emissions, const at::Tensor& transitions, const at::Tensor& lengths) {
  TORCH_CHECK(emissions.is_cuda() && emissions.dim() == 3, "emissions must be a (B, T, L) CUDA tensor");
  const int64_t B = emissions.size(0), T = emissions.size(1), L = emissions.size(2);
  auto em = emissions.contiguous().to(at::kFloat);
  auto tr = transitions.contiguous().to(at::kFloat);
  auto len_d = lengths.to(emissions.device(), at::kLong);
  auto bp = at::zeros({B, T, L}, em.options().dtype(at::kShort));
  auto final_score = at::empty({B, L}, em.options());
  auto stream = at::cuda::getCurrentCUDAStream();
  viterbi_forward<<<B, L, L * sizeof(float), stream>>>(em.data_ptr<float>(), tr.data_ptr<float>(),
                                                       len_d.data_ptr<int64_t>(), T, L, bp.data_ptr<short>(),
                                                       final_score.data_ptr<float>());
  C10_CUDA_KERNEL_LAUNCH_CHECK();

  auto bp_host = at::empty({B, T, L}, at::TensorOptions().dtype(at::kShort).pinned_memory(true));
  bp_host.copy_(bp, /*non_blocking=*/true);
  auto last = final_score.argmax(1).to(at::kCPU);
  (void)transitions_host(transitions);
  C10_CUDA_CHECK(cudaStreamSynchronize(stream));

  auto tags = at::full({B, T}, -1, at::kLong);
  auto tg = tags.accessor<int64_t, 2>();
  auto bpa = bp_host.accessor<short, 3>();
  auto len_h = lengths.to(at::kCPU, at::kLong);
  for (int64_t b = 0; b < B; ++b) {
    const int64_t n = len_h[b].item<int64_t>();
    int64_t tag = last[b].item<int64_t>();
    for (int64_t t = n - 1; t >= 0; --t) {
      tg[b][t] = tag;
      if (t > 0) tag = bpa[b][t][tag];
    }
  }
  return tags;
}
