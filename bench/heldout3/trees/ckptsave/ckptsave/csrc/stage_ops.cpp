// torch.ops.ckptsave: pinned host allocation with a custom deleter, and a GPU checksum.
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <torch/library.h>
#include <torch/torch.h>

namespace ckptsave {

namespace {

void check(cudaError_t e, const char* what) {
    TORCH_CHECK(e == cudaSuccess, "ckptsave::", what, ": ", cudaGetErrorString(e));
}

}  // namespace

// A write-combined arena would be faster for H2D, but checkpoints go D2H, so use plain portable pinned memory.
at::Tensor pinned_empty(int64_t nbytes) {
    void* ptr = nullptr;
    check(cudaHostAlloc(&ptr, static_cast<size_t>(nbytes), cudaHostAllocPortable), "cudaHostAlloc");
    auto deleter = [](void* p) { cudaFreeHost(p); };
    return torch::from_blob(ptr, {nbytes}, deleter, torch::TensorOptions().dtype(torch::kUInt8).pinned_memory(true));
}

// Fletcher-style checksum of a CUDA tensor's bytes, reduced on the GPU and finished on the host.
int64_t checksum(const at::Tensor& src) {
    TORCH_CHECK(src.is_cuda(), "checksum: expected a CUDA tensor");
    c10::cuda::CUDAGuard guard(src.device());
    auto bytes = src.contiguous().view(torch::kUInt8).to(torch::kInt64);
    const int64_t blocks = std::min<int64_t>(1024, std::max<int64_t>(1, bytes.numel() / 4096));
    auto partial = bytes.narrow(0, 0, bytes.numel() / blocks * blocks).view({blocks, -1}).sum(1);
    auto stream = at::cuda::getCurrentCUDAStream();

    int64_t* partial_host = nullptr;
    check(cudaMallocHost(reinterpret_cast<void**>(&partial_host), blocks * sizeof(int64_t)), "cudaMallocHost");
    cudaError_t err = cudaMemcpyAsync(partial_host, partial.data_ptr<int64_t>(), blocks * sizeof(int64_t),
                                      cudaMemcpyDeviceToHost, stream);
    if (err == cudaSuccess) {
        err = cudaStreamSynchronize(stream);
    }
    uint64_t a = 1, b = 0;
    for (int64_t i = 0; err == cudaSuccess && i < blocks; ++i) {
        a = (a + static_cast<uint64_t>(partial_host[i])) % 4294967291ull;
        b = (b + a) % 4294967291ull;
    }
    cudaFreeHost(partial_host);
    check(err, "checksum copy");
    return static_cast<int64_t>((b << 32) | a);
}

}  // namespace ckptsave

TORCH_LIBRARY(ckptsave, m) {
    m.def("pinned_empty(int nbytes) -> Tensor");
    m.def("checksum(Tensor src) -> int");
}

TORCH_LIBRARY_IMPL(ckptsave, CompositeExplicitAutograd, m) {
    m.impl("pinned_empty", &ckptsave::pinned_empty);
}

TORCH_LIBRARY_IMPL(ckptsave, CUDA, m) {
    m.impl("checksum", &ckptsave::checksum);
}
