#pragma once
#include <cstddef>
#include <stdexcept>
#include <utility>

#include <cuda_runtime.h>

namespace dock {

// Owning page-locked array; freed when the owner goes out of scope.
template <class T>
class PinnedArray {
 public:
  PinnedArray() = default;
  explicit PinnedArray(std::size_t n) : n_(n) {
    if (cudaHostAlloc(reinterpret_cast<void**>(&p_), n * sizeof(T), cudaHostAllocDefault) != cudaSuccess)
      throw std::bad_alloc();
  }
  ~PinnedArray() { if (p_) cudaFreeHost(p_); }
  PinnedArray(PinnedArray&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  PinnedArray& operator=(PinnedArray&& o) noexcept {
    std::swap(p_, o.p_);
    std::swap(n_, o.n_);
    return *this;
  }
  PinnedArray(const PinnedArray&) = delete;

  T* data() { return p_; }
  const T* data() const { return p_; }
  std::size_t size() const { return n_; }
  T& operator[](std::size_t i) { return p_[i]; }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace dock
