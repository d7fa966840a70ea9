#pragma once
#include <cuda_runtime.h>
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

#include <cstddef>
#include <memory>
#include <new>

namespace fem {

template <typename T>
using pinned_vector = thrust::host_vector<T, thrust::system::cuda::experimental::pinned_allocator<T>>;

template <typename T>
class PinnedArray {
public:
    explicit PinnedArray(std::size_t n) : n_(n) {
        if (cudaMallocHost(reinterpret_cast<void**>(&p_), n_ * sizeof(T)) != cudaSuccess) throw std::bad_alloc();
    }
    ~PinnedArray() { cudaFreeHost(p_); }
    PinnedArray(const PinnedArray&) = delete;
    PinnedArray& operator=(const PinnedArray&) = delete;
    T* data() { return p_; }
    const T* data() const { return p_; }
    std::size_t size() const { return n_; }
    T& operator[](std::size_t i) { return p_[i]; }

private:
    std::size_t n_;
    T* p_ = nullptr;
};

struct CudaHostDeleter {
    void operator()(void* p) const { cudaFreeHost(p); }
};

template <typename T>
std::unique_ptr<T[], CudaHostDeleter> make_pinned_unique(std::size_t n) {
    T* p = nullptr;
    if (cudaMallocHost(reinterpret_cast<void**>(&p), n * sizeof(T)) != cudaSuccess) throw std::bad_alloc();
    return std::unique_ptr<T[], CudaHostDeleter>(p);
}

}  // namespace fem
