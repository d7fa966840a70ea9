// Page-locked host memory owners used across stagekit.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#include <cuda_runtime.h>

#include "stagekit/check.hpp"

namespace stagekit {

struct CudaHostDeleter {
    void operator()(void* p) const noexcept {
        if (p) cudaFreeHost(p);
    }
};

template <class T>
using host_ptr = std::unique_ptr<T[], CudaHostDeleter>;

// A typed, uninitialised array of n elements in pinned memory.
template <class T>
host_ptr<T> make_host_buffer(std::size_t n) {
    T* p = nullptr;
    SK_CHECK(cudaMallocHost(reinterpret_cast<void**>(&p), n * sizeof(T)));
    return host_ptr<T>(p);
}

// Owns `bytes` of portable pinned memory for its lifetime.
class PinnedBlock {
public:
    explicit PinnedBlock(std::size_t bytes) : bytes_(bytes) {
        SK_CHECK(cudaHostAlloc(&ptr_, bytes_, cudaHostAllocPortable));
    }
    ~PinnedBlock() {
        if (ptr_) cudaFreeHost(ptr_);
    }
    PinnedBlock(const PinnedBlock&) = delete;
    PinnedBlock& operator=(const PinnedBlock&) = delete;
    PinnedBlock(PinnedBlock&& o) noexcept : ptr_(std::exchange(o.ptr_, nullptr)), bytes_(o.bytes_) {}

    void* data() const { return ptr_; }
    std::size_t size() const { return bytes_; }
    template <class T> T* as() const { return static_cast<T*>(ptr_); }

private:
    void* ptr_ = nullptr;
    std::size_t bytes_ = 0;
};

// Standard allocator over cudaMallocHost, for std::vector<T, PinnedAllocator<T>>.
template <class T>
struct PinnedAllocator {
    using value_type = T;

    PinnedAllocator() noexcept = default;
    template <class U> PinnedAllocator(const PinnedAllocator<U>&) noexcept {}

    T* allocate(std::size_t n) {
        void* p = nullptr;
        if (cudaMallocHost(&p, n * sizeof(T)) != cudaSuccess) throw std::bad_alloc();
        return static_cast<T*>(p);
    }
    void deallocate(T* p, std::size_t) noexcept { cudaFreeHost(p); }

    template <class U> bool operator==(const PinnedAllocator<U>&) const noexcept { return true; }
    template <class U> bool operator!=(const PinnedAllocator<U>&) const noexcept { return false; }
};

template <class T>
using pinned_vector = std::vector<T, PinnedAllocator<T>>;

}  // namespace stagekit
