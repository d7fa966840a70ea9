#include "fbank.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>

#include <cmath>
#include <stdexcept>
#include <string>

namespace asrstream {

namespace {

constexpr int kWin = 400;
constexpr int kHop = 160;
constexpr float kVadThreshold = -6.0f;

struct Workspace {
    float* frame_energy_host = nullptr;  // mapped, one row per session
    int64_t max_sessions = 0;
    int64_t max_frames = 0;
};

Workspace g_ws;

inline void check(cudaError_t err, const char* what) {
    if (err != cudaSuccess) {
        throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(err));
    }
}

torch::Tensor mel_matrix(int64_t n_mels, const torch::Device& dev) {
    static torch::Tensor cached;
    if (!cached.defined() || cached.size(0) != n_mels || cached.device() != dev) {
        auto hz = torch::linspace(0, 8000, 257);
        auto mel = 1127.0 * torch::log1p(hz / 700.0);
        auto pts = torch::linspace(0, mel.max().item<double>(), n_mels + 2);
        auto lo = pts.slice(0, 0, n_mels).unsqueeze(1);
        auto mid = pts.slice(0, 1, n_mels + 1).unsqueeze(1);
        auto hi = pts.slice(0, 2, n_mels + 2).unsqueeze(1);
        auto up = (mel.unsqueeze(0) - lo) / (mid - lo);
        auto down = (hi - mel.unsqueeze(0)) / (hi - mid);
        cached = torch::clamp_min(torch::min(up, down), 0.0).to(dev);
    }
    return cached;
}

}  // namespace

void init_workspace(int64_t max_sessions, int64_t chunk_samples) {
    if (g_ws.frame_energy_host != nullptr) {
        return;
    }
    const int64_t frames = (chunk_samples - kWin) / kHop + 1;
    check(cudaHostAlloc(reinterpret_cast<void**>(&g_ws.frame_energy_host),
                        sizeof(float) * max_sessions * frames, cudaHostAllocMapped),
          "cudaHostAlloc(frame_energy)");
    g_ws.max_sessions = max_sessions;
    g_ws.max_frames = frames;
}

void release_workspace() {
    if (g_ws.frame_energy_host != nullptr) {
        cudaFreeHost(g_ws.frame_energy_host);
        g_ws.frame_energy_host = nullptr;
    }
}

std::tuple<torch::Tensor, bool> compute_fbank(const torch::Tensor& wav, int64_t n_mels) {
    TORCH_CHECK(wav.is_cuda() && wav.dim() == 1, "compute_fbank: expected a 1-D CUDA tensor");
    c10::cuda::CUDAGuard guard(wav.device());
    auto stream = at::cuda::getCurrentCUDAStream();

    auto frames = wav.unfold(0, kWin, kHop);
    auto window = torch::hann_window(kWin, wav.options());
    auto spec = torch::fft::rfft(frames * window, 512).abs().pow(2);
    auto feats = torch::log(torch::matmul(spec, mel_matrix(n_mels, wav.device()).t()) + 1e-6);

    // Per-frame log energy decides whether the chunk is speech at all.
    auto energy = torch::log(frames.pow(2).mean(1) + 1e-10).contiguous();
    const int64_t n = energy.size(0);
    float* energy_host = nullptr;
    check(cudaMallocHost(reinterpret_cast<void**>(&energy_host), sizeof(float) * n), "cudaMallocHost(energy)");
    cudaError_t err = cudaMemcpyAsync(energy_host, energy.data_ptr<float>(), sizeof(float) * n,
                                      cudaMemcpyDeviceToHost, stream);
    if (err == cudaSuccess) {
        err = cudaStreamSynchronize(stream);
    }
    int voiced_frames = 0;
    for (int64_t i = 0; err == cudaSuccess && i < n; ++i) {
        voiced_frames += energy_host[i] > kVadThreshold;
    }
    cudaFreeHost(energy_host);
    check(err, "copy energy");
    return {feats, voiced_frames * 4 >= n};
}

}  // namespace asrstream
