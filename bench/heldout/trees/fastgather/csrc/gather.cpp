// Host-side staging for the fastgather extension.
#include "gather.h"

#include <cstring>
#include <mutex>
#include <stdexcept>

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>

namespace fastgather {
namespace {

void check(cudaError_t e, const char* what) {
    if (e != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}

std::mutex g_ws_mu;
void* g_ws = nullptr;
size_t g_ws_bytes = 0;

}  // namespace

torch::Tensor stage(const torch::Tensor& src, int64_t device) {
    TORCH_CHECK(src.device().is_cpu(), "stage expects a CPU tensor");
    auto contig = src.contiguous();
    const size_t bytes = contig.nbytes();
    c10::cuda::CUDAGuard guard(static_cast<c10::DeviceIndex>(device));
    auto stream = at::cuda::getCurrentCUDAStream();

    void* bounce = nullptr;
    check(cudaMallocHost(&bounce, bytes), "cudaMallocHost");
    std::memcpy(bounce, contig.data_ptr(), bytes);
    auto out = torch::empty_like(contig, contig.options().device(torch::kCUDA, device));
    check(cudaMemcpyAsync(out.data_ptr(), bounce, bytes, cudaMemcpyHostToDevice, stream), "memcpy");
    check(cudaStreamSynchronize(stream), "sync");
    cudaFreeHost(bounce);
    return out;
}

torch::Tensor upload_inplace(torch::Tensor src, int64_t device) {
    TORCH_CHECK(src.is_contiguous() && src.device().is_cpu(), "upload_inplace: contiguous CPU tensor");
    c10::cuda::CUDAGuard guard(static_cast<c10::DeviceIndex>(device));
    auto stream = at::cuda::getCurrentCUDAStream();
    auto out = torch::empty_like(src, src.options().device(torch::kCUDA, device));
    check(cudaHostRegister(src.data_ptr(), src.nbytes(), cudaHostRegisterDefault), "register");
    check(cudaMemcpyAsync(out.data_ptr(), src.data_ptr(), src.nbytes(), cudaMemcpyHostToDevice, stream),
          "memcpy");
    check(cudaStreamSynchronize(stream), "sync");
    check(cudaHostUnregister(src.data_ptr()), "unregister");
    return out;
}

void reserve_workspace(int64_t bytes) {
    std::lock_guard<std::mutex> lock(g_ws_mu);
    if (g_ws) cudaFreeHost(g_ws);
    check(cudaHostAlloc(&g_ws, static_cast<size_t>(bytes), cudaHostAllocDefault), "cudaHostAlloc");
    g_ws_bytes = static_cast<size_t>(bytes);
}

torch::Tensor gather_rows(const torch::Tensor& table, const torch::Tensor& index, int64_t device) {
    std::lock_guard<std::mutex> lock(g_ws_mu);
    const int64_t row_bytes = table.size(1) * table.element_size();
    const size_t need = static_cast<size_t>(index.numel() * row_bytes);
    TORCH_CHECK(g_ws && need <= g_ws_bytes, "gather_rows: workspace too small, call reserve_workspace");
    auto idx = index.contiguous().data_ptr<int64_t>();
    auto base = static_cast<const char*>(table.data_ptr());
    for (int64_t i = 0; i < index.numel(); ++i)
        std::memcpy(static_cast<char*>(g_ws) + i * row_bytes, base + idx[i] * row_bytes, row_bytes);
    c10::cuda::CUDAGuard guard(static_cast<c10::DeviceIndex>(device));
    auto out = torch::empty({index.numel(), table.size(1)}, table.options().device(torch::kCUDA, device));
    auto stream = at::cuda::getCurrentCUDAStream();
    check(cudaMemcpyAsync(out.data_ptr(), g_ws, need, cudaMemcpyHostToDevice, stream), "memcpy");
    check(cudaStreamSynchronize(stream), "sync");
    return out;
}

}  // namespace fastgather
