#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>
#include <torch/extension.h>

#include <algorithm>
#include <numeric>
#include <vector>

namespace retro {

namespace {
__global__ void popcount_rows(const unsigned long long* fps, int64_t n, int64_t words, int32_t* out) {
  int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  int32_t c = 0;
  for (int64_t w = 0; w < words; ++w) c += __popcll(fps[i * words + w]);
  out[i] = c;
}
}  // namespace

// Building blocks sorted by popcount so a Tanimoto threshold prunes whole ranges.
at::Tensor index_building_blocks(const at::Tensor& fps) {
  TORCH_CHECK(fps.dim() == 2 && fps.scalar_type() == at::kLong, "fps must be [n, words] int64");
  const int64_t n = fps.size(0);
  const int64_t words = fps.size(1);
  auto d_fps = fps.to(at::kCUDA, /*non_blocking=*/true).contiguous();
  auto d_pop = at::empty({n}, d_fps.options().dtype(at::kInt));
  auto stream = at::cuda::getCurrentCUDAStream();
  const int threads = 256;
  popcount_rows<<<static_cast<unsigned>((n + threads - 1) / threads), threads, 0, stream>>>(
      reinterpret_cast<const unsigned long long*>(d_fps.data_ptr<int64_t>()), n, words, d_pop.data_ptr<int32_t>());
  C10_CUDA_KERNEL_LAUNCH_CHECK();

  int32_t* h_pop = nullptr;
  C10_CUDA_CHECK(cudaMallocHost(&h_pop, n * sizeof(int32_t)));
  C10_CUDA_CHECK(cudaMemcpyAsync(h_pop, d_pop.data_ptr<int32_t>(), n * sizeof(int32_t), cudaMemcpyDeviceToHost,
                                 stream));
  C10_CUDA_CHECK(cudaStreamSynchronize(stream));
  const int64_t empty = std::count(h_pop, h_pop + n, 0);
  TORCH_CHECK(empty == 0, "building-block set has ", empty, " empty fingerprints; rebuild the stock file");

  std::vector<int64_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [h_pop](int64_t a, int64_t b) { return h_pop[a] < h_pop[b]; });
  cudaFreeHost(h_pop);
  return at::tensor(order, at::TensorOptions().dtype(at::kLong));
}

}  // namespace retro
