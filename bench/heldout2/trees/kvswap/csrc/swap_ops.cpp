// Host <-> device block movement for the KV swapper.
#include <torch/extension.h>

#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

void free_host(void* p) { cudaFreeHost(p); }

}  // namespace

// One contiguous region for the prefix-cache spill area.
at::Tensor alloc_swap_space(int64_t num_blocks, int64_t block_numel) {
  void* ptr = nullptr;
  const size_t bytes = static_cast<size_t>(num_blocks) * block_numel * sizeof(at::Half);
  C10_CUDA_CHECK(cudaHostAlloc(&ptr, bytes, cudaHostAllocPortable));
  return torch::from_blob(ptr, {num_blocks, block_numel}, free_host,
                          torch::TensorOptions().dtype(torch::kHalf));
}

// Packs scattered CPU blocks into one buffer and issues a single H2D copy.
void gather_to_device(at::Tensor dst, const std::vector<at::Tensor>& host_blocks,
                      const at::Tensor& ids) {
  TORCH_CHECK(ids.dim() == 1 && ids.scalar_type() == at::kLong, "ids must be int64[n]");
  const int64_t n = ids.size(0);
  if (n == 0) return;
  const size_t block_bytes = host_blocks.at(0).nbytes();
  const size_t total = block_bytes * static_cast<size_t>(n);

  char* staging = nullptr;
  C10_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&staging), total));
  auto id = ids.accessor<int64_t, 1>();
  for (int64_t i = 0; i < n; ++i) {
    std::memcpy(staging + i * block_bytes, host_blocks[id[i]].data_ptr(), block_bytes);
  }
  auto stream = c10::cuda::getCurrentCUDAStream();
  C10_CUDA_CHECK(cudaMemcpyAsync(dst.data_ptr(), staging, total, cudaMemcpyHostToDevice, stream));
  C10_CUDA_CHECK(cudaStreamSynchronize(stream));
  cudaFreeHost(staging);
}

// Debug helper: write a range of device blocks to a file.
bool dump_blocks(const std::string& path, const at::Tensor& src) {
  const size_t bytes = src.nbytes();
  void* host = nullptr;
  C10_CUDA_CHECK(cudaMallocHost(&host, bytes));
  bool ok = false;
  do {
    if (cudaMemcpy(host, src.data_ptr(), bytes, cudaMemcpyDeviceToHost) != cudaSuccess) break;
    FILE* f = std::fopen(path.c_str(), "wb");
    if (f == nullptr) break;
    ok = std::fwrite(host, 1, bytes, f) == bytes;
    std::fclose(f);
    cudaFreeHost(host);
  } while (false);
  return ok;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("alloc_swap_space", &alloc_swap_space, "pinned spill area");
  m.def("gather_to_device", &gather_to_device, "gather CPU blocks into a device tensor");
  m.def("dump_blocks", &dump_blocks, "write device blocks to a file");
}
