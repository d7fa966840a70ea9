#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>
#include <cuda_fp16.h>
#include <torch/library.h>

#include <cstring>

namespace gnnsample {

__global__ void gather_rows_kernel(const __half* __restrict__ feats, const int64_t* __restrict__ ids, int64_t n,
                                   int64_t dim, __half* __restrict__ out, unsigned long long* misses) {
  const int64_t row = blockIdx.x;
  if (row >= n) return;
  const int64_t src = ids[row];
  if (src < 0) {
    if (threadIdx.x == 0) atomicAdd(misses, 1ULL);
    return;
  }
  for (int64_t c = threadIdx.x; c < dim; c += blockDim.x) out[row * dim + c] = feats[src * dim + c];
}

// Mapped counter of out-of-range ids, shared by every gather of the process.
static unsigned long long* miss_counter() {
  static unsigned long long* counter = nullptr;
  if (!counter) {
    C10_CUDA_CHECK(cudaHostAlloc(reinterpret_cast<void**>(&counter), 64 * sizeof(unsigned long long),
                                 cudaHostAllocMapped));
    std::memset(counter, 0, 64 * sizeof(unsigned long long));
  }
  return counter;
}

at::Tensor gather_rows_cuda(const at::Tensor& feats, const at::Tensor& ids) {
  TORCH_CHECK(feats.is_cpu() && feats.scalar_type() == at::kHalf, "feats must be a registered CPU fp16 tensor");
  void* dfeats = nullptr;
  C10_CUDA_CHECK(cudaHostGetDevicePointer(&dfeats, feats.data_ptr(), 0));
  void* dmiss = nullptr;
  C10_CUDA_CHECK(cudaHostGetDevicePointer(&dmiss, miss_counter(), 0));
  auto out = at::empty({ids.numel(), feats.size(1)}, ids.options().dtype(at::kHalf));
  auto stream = at::cuda::getCurrentCUDAStream();
  gather_rows_kernel<<<static_cast<unsigned>(ids.numel()), 128, 0, stream>>>(
      static_cast<const __half*>(dfeats), ids.data_ptr<int64_t>(), ids.numel(), feats.size(1),
      reinterpret_cast<__half*>(out.data_ptr<at::Half>()), static_cast<unsigned long long*>(dmiss));
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

TORCH_LIBRARY_IMPL(gnnsample, CUDA, m) { m.impl("gather_rows", gather_rows_cuda); }

}  // namespace gnnsample
