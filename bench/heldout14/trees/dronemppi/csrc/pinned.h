#pragma once
#include <cstddef>
#include <utility>
#include "check.h"

namespace drn {

template <class T>
class PinnedArray {
 public:
  PinnedArray() = default;
  explicit PinnedArray(std::size_t n) : n_(n) {
    DRN_CUDA(cudaMallocHost(reinterpret_cast<void**>(&p_), n * sizeof(T)));
  }
  ~PinnedArray() {
    if (p_) cudaFreeHost(p_);
  }
  PinnedArray(const PinnedArray&) = delete;
  PinnedArray& operator=(const PinnedArray&) = delete;
  PinnedArray(PinnedArray&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(o.n_) {}
  PinnedArray& operator=(PinnedArray&& o) noexcept {
    std::swap(p_, o.p_);
    std::swap(n_, o.n_);
    return *this;
  }
  T* data() { return p_; }
  const T* data() const { return p_; }
  std::size_t size() const { return n_; }
  T& operator[](std::size_t i) { return p_[i]; }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace drn
