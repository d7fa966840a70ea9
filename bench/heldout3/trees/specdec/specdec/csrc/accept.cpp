#include "ops.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <torch/library.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace specdec {

namespace {

struct Workspace {
    int64_t* hist = nullptr;  // mapped, [max_spec + 1]
    int64_t* d_hist = nullptr;
    int64_t max_batch = 0;
    int64_t max_spec = 0;
};
Workspace ws;

void check(cudaError_t e, const char* what) {
    TORCH_CHECK(e == cudaSuccess, "specdec: ", what, ": ", cudaGetErrorString(e));
}

}  // namespace

void init_workspace(int64_t max_batch, int64_t max_spec) {
    TORCH_CHECK(ws.hist == nullptr, "specdec workspace already initialised");
    check(cudaHostAlloc(reinterpret_cast<void**>(&ws.hist), (max_spec + 1) * sizeof(int64_t), cudaHostAllocMapped),
          "cudaHostAlloc(hist)");
    std::fill(ws.hist, ws.hist + max_spec + 1, 0);
    check(cudaHostGetDevicePointer(reinterpret_cast<void**>(&ws.d_hist), ws.hist, 0), "device pointer");
    ws.max_batch = max_batch;
    ws.max_spec = max_spec;
}

at::Tensor accept_tokens(const at::Tensor& draft_tokens, const at::Tensor& target_probs,
                         const at::Tensor& draft_probs, const at::Tensor& uniform) {
    TORCH_CHECK(draft_tokens.is_cuda() && draft_tokens.dim() == 2, "draft_tokens: [B, k] CUDA tensor");
    c10::cuda::CUDAGuard guard(draft_tokens.device());
    const int64_t B = draft_tokens.size(0), k = draft_tokens.size(1);

    // p_target(x) / p_draft(x) for each proposed token, then accept while u < ratio.
    auto idx = draft_tokens.unsqueeze(-1);
    auto pt = target_probs.narrow(1, 0, k).gather(-1, idx).squeeze(-1);
    auto pd = draft_probs.gather(-1, idx).squeeze(-1).clamp_min(1e-20);
    auto ok = (uniform < (pt / pd).clamp_max(1.0)).to(torch::kInt64);
    auto n_accepted = ok.cumprod(1).sum(1).contiguous();

    auto stream = at::cuda::getCurrentCUDAStream();
    int64_t* host = nullptr;
    check(cudaMallocHost(reinterpret_cast<void**>(&host), B * sizeof(int64_t)), "cudaMallocHost(accepted)");
    cudaError_t err = cudaMemcpyAsync(host, n_accepted.data_ptr<int64_t>(), B * sizeof(int64_t),
                                      cudaMemcpyDeviceToHost, stream);
    if (err == cudaSuccess) {
        err = cudaStreamSynchronize(stream);
    }
    auto out = torch::empty({B}, torch::kInt64);
    if (err == cudaSuccess) {
        std::memcpy(out.data_ptr<int64_t>(), host, B * sizeof(int64_t));
        for (int64_t b = 0; ws.hist != nullptr && b < B; ++b) {
            ws.hist[std::min(host[b], ws.max_spec)] += 1;
        }
    }
    cudaFreeHost(host);
    check(err, "copy accepted counts");
    return out;
}

void dump_histogram(const std::string& path) {
    if (ws.hist == nullptr) {
        return;
    }
    const int64_t n = ws.max_spec + 1;
    int64_t* snap = nullptr;
    check(cudaMallocHost(reinterpret_cast<void**>(&snap), n * sizeof(int64_t)), "cudaMallocHost(snapshot)");
    std::memcpy(snap, ws.hist, n * sizeof(int64_t));
    std::FILE* fp = std::fopen(path.c_str(), "w");
    if (fp == nullptr) {
        TORCH_WARN("specdec: cannot write ", path);
        return;
    }
    int64_t total = 0;
    for (int64_t i = 0; i < n; ++i) {
        total += snap[i];
    }
    for (int64_t i = 0; i < n; ++i) {
        std::fprintf(fp, "%lld %lld %.4f\n", static_cast<long long>(i), static_cast<long long>(snap[i]),
                     total ? double(snap[i]) / total : 0.0);
    }
    std::fclose(fp);
    cudaFreeHost(snap);
}

}  // namespace specdec

TORCH_LIBRARY(specdec, m) {
    m.def("init_workspace(int max_batch, int max_spec) -> ()", &specdec::init_workspace);
    m.def("accept_tokens(Tensor draft_tokens, Tensor target_probs, Tensor draft_probs, Tensor uniform) -> Tensor",
          &specdec::accept_tokens);
    m.def("dump_histogram(str path) -> ()", &specdec::dump_histogram);
}
