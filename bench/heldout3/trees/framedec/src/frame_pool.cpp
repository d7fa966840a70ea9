#include "decoder.hpp"

#include <cuda_runtime.h>

#include <cstring>
#include <stdexcept>
#include <string>

namespace framedec {

namespace {
void throw_on(cudaError_t e, const char* what) {
    if (e != cudaSuccess) {
        throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
    }
}
}  // namespace

FramePool::~FramePool() {
    if (base_ != nullptr) {
        cudaFreeHost(base_);
    }
    if (side_ != nullptr) {
        cudaFreeHost(side_);
    }
}

// Grow-only: a longer GOP moves the frames into a bigger block and frees the old one.
void FramePool::grow(size_t n_frames) {
    if (n_frames <= capacity_) {
        return;
    }
    uint8_t* bigger = nullptr;
    throw_on(cudaMallocHost(reinterpret_cast<void**>(&bigger), n_frames * frame_bytes_), "grow frame pool");
    if (base_ != nullptr) {
        std::memcpy(bigger, base_, capacity_ * frame_bytes_);
        cudaFreeHost(base_);
    }
    base_ = bigger;
    capacity_ = n_frames;
}

void FramePool::reserve_side(size_t bytes) {
    if (bytes <= side_cap_) {
        return;
    }
    throw_on(cudaHostAlloc(reinterpret_cast<void**>(&side_), bytes, cudaHostAllocDefault), "side data");
    side_cap_ = bytes;
}

}  // namespace framedec
