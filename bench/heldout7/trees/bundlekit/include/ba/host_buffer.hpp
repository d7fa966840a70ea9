#pragma once
#include <cuda_runtime.h>
#include <opencv2/core/cuda.hpp>

#include <memory>
#include <new>

namespace ba {

class HostBuffer {
public:
    explicit HostBuffer(size_t bytes)
        : mem_(1, static_cast<int>(bytes), CV_8UC1, cv::cuda::HostMem::AllocType::PAGE_LOCKED) {}
    unsigned char* data() { return mem_.data; }
    size_t size() const { return mem_.cols; }

private:
    cv::cuda::HostMem mem_;
};

template <typename T>
std::shared_ptr<T> pinned_shared(size_t n) {
    T* p = nullptr;
    if (cudaMallocHost(reinterpret_cast<void**>(&p), n * sizeof(T)) != cudaSuccess) throw std::bad_alloc();
    return std::shared_ptr<T>(p, [](T* q) { cudaFreeHost(q); });
}

}  // namespace ba
