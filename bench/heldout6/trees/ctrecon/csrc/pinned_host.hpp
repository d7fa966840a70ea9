#pragma once
#include <cstddef>
#include <stdexcept>
#include <cuda_runtime.h>

namespace ct {

// Owns a page-locked host array for its lifetime.
template <typename T>
class PinnedHost {
 public:
  PinnedHost() = default;
  explicit PinnedHost(std::size_t n) : n_(n) {
    if (cudaMallocHost(reinterpret_cast<void**>(&ptr_), n * sizeof(T)) != cudaSuccess)
      throw std::bad_alloc();
  }
  ~PinnedHost() {
    if (ptr_) cudaFreeHost(ptr_);
  }
  PinnedHost(const PinnedHost&) = delete;
  PinnedHost& operator=(const PinnedHost&) = delete;
  PinnedHost(PinnedHost&& o) noexcept : ptr_(o.ptr_), n_(o.n_) { o.ptr_ = nullptr; o.n_ = 0; }
  PinnedHost& operator=(PinnedHost&& o) noexcept {
    if (this != &o) {
      if (ptr_) cudaFreeHost(ptr_);
      ptr_ = o.ptr_; n_ = o.n_;
      o.ptr_ = nullptr; o.n_ = 0;
    }
    return *this;
  }
  T* data() { return ptr_; }
  const T* data() const { return ptr_; }
  std::size_t size() const { return n_; }

 private:
  T* ptr_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace ct
