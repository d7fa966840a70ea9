#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <mutex>
#include <new>
#include <utility>
#include <vector>

namespace genalign {

// Owning page-locked array. Move-only; frees on destruction.
template <class T>
class PinnedBuffer {
public:
    PinnedBuffer() = default;
    explicit PinnedBuffer(size_t n) : n_(n) {
        if (n_ != 0 && cudaMallocHost(reinterpret_cast<void**>(&p_), n_ * sizeof(T)) != cudaSuccess) {
            throw std::bad_alloc();
        }
    }
    ~PinnedBuffer() { reset(); }

    PinnedBuffer(const PinnedBuffer&) = delete;
    PinnedBuffer& operator=(const PinnedBuffer&) = delete;
    PinnedBuffer(PinnedBuffer&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
    PinnedBuffer& operator=(PinnedBuffer&& o) noexcept {
        if (this != &o) {
            reset();
            p_ = std::exchange(o.p_, nullptr);
            n_ = std::exchange(o.n_, 0);
        }
        return *this;
    }

    void reset() {
        if (p_ != nullptr) {
            cudaFreeHost(p_);
            p_ = nullptr;
            n_ = 0;
        }
    }

    T* data() { return p_; }
    const T* data() const { return p_; }
    size_t size() const { return n_; }
    T& operator[](size_t i) { return p_[i]; }

private:
    T* p_ = nullptr;
    size_t n_ = 0;
};

// Fixed set of equally sized pinned slots shared by the reader and the aligner.
class StagingPool {
public:
    StagingPool(int slots, size_t slot_bytes);
    ~StagingPool();
    StagingPool(const StagingPool&) = delete;
    StagingPool& operator=(const StagingPool&) = delete;

    int acquire();             // blocks until a slot is free
    void release(int slot);
    void* slot_ptr(int slot) const { return slots_[slot]; }
    size_t slot_bytes() const { return slot_bytes_; }

private:
    std::vector<void*> slots_;
    std::vector<int> free_;
    size_t slot_bytes_;
    std::mutex mu_;
};

}  // namespace genalign
