#pragma once
#include <cuda_runtime.h>
#include <memory>
#include <stdexcept>

struct CudaHostDeleter {
    void operator()(void* p) const noexcept { if (p) cudaFreeHost(p); }
};

template <typename T>
class PinnedBuffer {
public:
    explicit PinnedBuffer(size_t n) : n_(n) {
        void* p = nullptr;
        if (cudaMallocHost(&p, n * sizeof(T)) != cudaSuccess) throw std::bad_alloc();
        p_.reset(p);
    }
    T* data() { return static_cast<T*>(p_.get()); }
    size_t size() const { return n_; }
    T& operator[](size_t i) { return data()[i]; }

private:
    std::unique_ptr<void, CudaHostDeleter> p_;
    size_t n_;
};
