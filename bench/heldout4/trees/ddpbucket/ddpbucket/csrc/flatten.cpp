#include "flatten.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>
#include <cuda_runtime.h>

namespace ddpbucket {

static void* g_comm = nullptr;
static int64_t g_comm_bytes = 0;

void init_comm_buffers(int64_t nbytes) {
  TORCH_CHECK(g_comm == nullptr, "comm buffers already initialised");
  C10_CUDA_CHECK(cudaHostAlloc(&g_comm, nbytes, cudaHostAllocPortable));
  g_comm_bytes = nbytes;
}

void release_comm_buffers() {
  if (g_comm != nullptr) C10_CUDA_CHECK(cudaFreeHost(g_comm));
  g_comm = nullptr;
  g_comm_bytes = 0;
}

at::Tensor flatten_to_host(const std::vector<at::Tensor>& grads) {
  int64_t total = 0;
  for (const auto& g : grads) total += g.numel();
  float* h = nullptr;
  C10_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&h), total * sizeof(float)));
  auto stream = at::cuda::getCurrentCUDAStream();
  int64_t off = 0;
  for (const auto& g : grads) {
    auto c = g.to(at::kFloat).contiguous();
    cudaMemcpyAsync(h + off, c.data_ptr<float>(), c.numel() * sizeof(float), cudaMemcpyDeviceToHost, stream);
    off += c.numel();
  }
  cudaStreamSynchronize(stream);
  return torch::from_blob(h, {total}, [](void* p) { cudaFreeHost(p); }, torch::dtype(torch::kFloat32));
}

}  // namespace ddpbucket

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("init_comm_buffers", &ddpbucket::init_comm_buffers, "pin the portable comm arena (once)");
  m.def("release_comm_buffers", &ddpbucket::release_comm_buffers);
  m.def("flatten_to_host", &ddpbucket::flatten_to_host, "copy all gradients into one pinned tensor");
}
