// actoff custom operators: move activations to host memory and back.
//
//   torch.ops.actoff.offload(Tensor x) -> Tensor              (CUDA)
//   torch.ops.actoff.reload(Tensor h, Device d) -> Tensor     (CPU)
//   torch.ops.actoff.host_arena(int bytes) -> Tensor          (CompositeExplicitAutograd)
#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <torch/library.h>

namespace actoff {

static void check(cudaError_t e) {
    TORCH_CHECK(e == cudaSuccess, "actoff: ", cudaGetErrorString(e));
}

// Device -> fresh pinned host tensor, asynchronous on the current stream. The host
// memory is owned by the returned tensor and released by its deleter.
at::Tensor offload(const at::Tensor& x) {
    TORCH_CHECK(x.is_cuda(), "offload expects a CUDA tensor");
    c10::cuda::CUDAGuard guard(x.device());
    auto src = x.contiguous();
    void* host = nullptr;
    check(cudaHostAlloc(&host, src.nbytes(), cudaHostAllocDefault));
    auto stream = at::cuda::getCurrentCUDAStream();
    check(cudaMemcpyAsync(host, src.data_ptr(), src.nbytes(), cudaMemcpyDeviceToHost, stream));
    return at::from_blob(
        host, src.sizes(), [](void* p) { cudaFreeHost(p); },
        src.options().device(at::kCPU));
}

at::Tensor reload(const at::Tensor& h, at::Device device) {
    return h.to(device, /*non_blocking=*/h.is_pinned());
}

// One pinned arena the Python side carves per-layer slots out of.
at::Tensor host_arena(int64_t bytes) {
    void* base = nullptr;
    check(cudaMallocHost(&base, static_cast<size_t>(bytes)));
    return at::from_blob(
        base, {bytes}, [](void* p) { cudaFreeHost(p); },
        at::TensorOptions().dtype(at::kByte).device(at::kCPU));
}

}  // namespace actoff

TORCH_LIBRARY(actoff, m) {
    m.def("offload(Tensor x) -> Tensor");
    m.def("reload(Tensor h, Device device) -> Tensor");
    m.def("host_arena(int bytes) -> Tensor");
}

TORCH_LIBRARY_IMPL(actoff, CUDA, m) {
    m.impl("offload", &actoff::offload);
}

TORCH_LIBRARY_IMPL(actoff, CPU, m) {
    m.impl("reload", &actoff::reload);
}

TORCH_LIBRARY_IMPL(actoff, CompositeExplicitAutograd, m) {
    m.impl("host_arena", &actoff::host_arena);
}
