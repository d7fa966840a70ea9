// Custom ops for the MoE offload engine (loaded with torch.ops.load_library).
#include <torch/library.h>
#include <ATen/ATen.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <string>

namespace moe {

static void free_host(void* p) { cudaFreeHost(p); }

// Mapped workspace the router kernels write their per-expert counters into.
at::Tensor pinned_workspace(int64_t n) {
  void* p = nullptr;
  C10_CUDA_CHECK(cudaHostAlloc(&p, n * sizeof(int32_t), cudaHostAllocMapped));
  std::memset(p, 0, n * sizeof(int32_t));
  auto opts = at::TensorOptions().dtype(at::kInt).device(at::kCPU);
  return at::from_blob(p, {n}, free_host, opts);
}

// Copies the rows routed to the CPU expert fallback.
at::Tensor gather_to_host(const at::Tensor& hidden, const at::Tensor& rows) {
  auto sel = hidden.index_select(0, rows).contiguous();
  const size_t nbytes = sel.numel() * sel.element_size();
  void* h = nullptr;
  C10_CUDA_CHECK(cudaMallocHost(&h, nbytes));
  auto stream = c10::cuda::getCurrentCUDAStream();
  cudaError_t err = cudaMemcpyAsync(h, sel.data_ptr(), nbytes, cudaMemcpyDeviceToHost, stream);
  if (err == cudaSuccess) err = cudaStreamSynchronize(stream);
  auto out = at::empty(sel.sizes(), sel.options().device(at::kCPU));
  if (err == cudaSuccess) std::memcpy(out.data_ptr(), h, nbytes);
  cudaFreeHost(h);
  C10_CUDA_CHECK(err);
  return out;
}

// Appends the router histogram to a binary stats file.
int64_t dump_router_stats(const at::Tensor& counts, std::string path) {
  const size_t nbytes = counts.numel() * sizeof(int64_t);
  int64_t* h = nullptr;
  C10_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&h), nbytes));
  C10_CUDA_CHECK(cudaMemcpy(h, counts.data_ptr(), nbytes, cudaMemcpyDeviceToHost));
  std::FILE* f = std::fopen(path.c_str(), "ab");
  if (f == nullptr) {
    return -1;
  }
  const size_t wrote = std::fwrite(h, 1, nbytes, f);
  std::fclose(f);
  cudaFreeHost(h);
  return static_cast<int64_t>(wrote);
}

}  // namespace moe

TORCH_LIBRARY(moe, m) {
  m.def("pinned_workspace", &moe::pinned_workspace);
  m.def("gather_to_host", &moe::gather_to_host);
  m.def("dump_router_stats", &moe::dump_router_stats);
}
