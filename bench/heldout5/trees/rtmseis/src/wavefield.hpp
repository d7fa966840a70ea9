#pragma once
#include <hip/hip_runtime.h>
#include <array>

#include "pinned.hpp"

struct RtmConfig;

class Wavefield {
public:
    Wavefield(const RtmConfig& cfg, hipStream_t s);
    ~Wavefield();
    void step(const float* d_vel, int it);
    void inject(const float* d_wavelet, int it, int sx, int sz);
    void download_snapshot();
    const PinnedHost<float>& snapshot() const { return snapshot_; }
    float* halo(int k) { return ring_[k % ring_.size()]; }
    float* p_cur() { return d_p_[cur_]; }

private:
    int nx_, nz_;
    float dt_, dx_;
    hipStream_t stream_;
    float* d_p_[2] = {nullptr, nullptr};
    int cur_ = 0;
    PinnedHost<float> snapshot_;
    std::array<float*, 4> ring_{};
};
