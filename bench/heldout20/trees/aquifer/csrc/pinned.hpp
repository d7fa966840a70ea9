#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>

namespace aquifer {

inline void check_cuda(cudaError_t err, const char* what) {
  if (err != cudaSuccess) {
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(err));
  }
}

// Page-locked host array, released when the owner goes away. Movable, not copyable.
template <typename T>
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  explicit PinnedBuffer(std::size_t n) : n_(n) {
    if (n_ == 0) return;
    void* p = nullptr;
    check_cuda(cudaMallocHost(&p, n_ * sizeof(T)), "cudaMallocHost");
    data_ = static_cast<T*>(p);
  }
  ~PinnedBuffer() { reset(); }

  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  PinnedBuffer(PinnedBuffer&& o) noexcept : data_(o.data_), n_(o.n_) {
    o.data_ = nullptr;
    o.n_ = 0;
  }
  PinnedBuffer& operator=(PinnedBuffer&& o) noexcept {
    if (this != &o) {
      reset();
      data_ = o.data_;
      n_ = o.n_;
      o.data_ = nullptr;
      o.n_ = 0;
    }
    return *this;
  }

  void reset() {
    if (data_ != nullptr) cudaFreeHost(data_);
    data_ = nullptr;
    n_ = 0;
  }

  T* data() { return data_; }
  const T* data() const { return data_; }
  std::size_t size() const { return n_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }

 private:
  T* data_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace aquifer
