#include "wavefield.hpp"

#include "config.hpp"
#include "hip_check.hpp"

__global__ void fd_step(float* __restrict__ pn, const float* __restrict__ p, const float* __restrict__ vel,
                        int nx, int nz, float c) {
    int x = blockIdx.x * blockDim.x + threadIdx.x + 4;
    int z = blockIdx.y * blockDim.y + threadIdx.y + 4;
    if (x >= nx - 4 || z >= nz - 4) return;
    int i = z * nx + x;
    float lap = -5.6944444f * p[i];
    const float co[4] = {1.6f, -0.2f, 0.0253968f, -0.00178571f};
#pragma unroll
    for (int k = 1; k <= 4; ++k)
        lap += co[k - 1] * (p[i + k] + p[i - k] + p[i + k * nx] + p[i - k * nx]);
    float v = vel[i];
    pn[i] = 2.f * p[i] - pn[i] + c * v * v * lap;
}

__global__ void add_source(float* p, const float* w, int it, int idx) { p[idx] += w[it]; }

Wavefield::Wavefield(const RtmConfig& cfg, hipStream_t s)
    : nx_(cfg.nx), nz_(cfg.nz), dt_(cfg.dt), dx_(cfg.dx), stream_(s),
      snapshot_(size_t(cfg.nx) * cfg.nz) {
    for (auto& d : d_p_) {
        HIP_ABORT(hipMalloc(&d, size_t(nx_) * nz_ * sizeof(float)));
        HIP_ABORT(hipMemset(d, 0, size_t(nx_) * nz_ * sizeof(float)));
    }
    for (int step = 0; step < int(ring_.size()); ++step) {
        HIP_ABORT(hipHostMalloc(reinterpret_cast<void**>(&ring_[step]), 4 * size_t(nx_) * sizeof(float),
                                hipHostMallocNonCoherent));
    }
}

Wavefield::~Wavefield() {
    for (auto* d : d_p_) (void)hipFree(d);
    for (auto* h : ring_) (void)hipHostFree(h);
}

void Wavefield::step(const float* d_vel, int it) {
    dim3 blk(32, 8), grd((nx_ + 31) / 32, (nz_ + 7) / 8);
    const float c = dt_ * dt_ / (dx_ * dx_);
    hipLaunchKernelGGL(fd_step, grd, blk, 0, stream_, d_p_[1 - cur_], d_p_[cur_], d_vel, nx_, nz_, c);
    cur_ = 1 - cur_;
    hipMemcpyAsync(ring_[it % ring_.size()], d_p_[cur_], 4 * size_t(nx_) * sizeof(float), hipMemcpyDeviceToHost, stream_);
}

void Wavefield::inject(const float* d_wavelet, int it, int sx, int sz) {
    hipLaunchKernelGGL(add_source, dim3(1), dim3(1), 0, stream_, d_p_[cur_], d_wavelet, it, sz * nx_ + sx);
}

void Wavefield::download_snapshot() {
    hipMemcpyAsync(snapshot_.data(), d_p_[cur_], snapshot_.size() * sizeof(float), hipMemcpyDeviceToHost, stream_);
    hipStreamSynchronize(stream_);
}
