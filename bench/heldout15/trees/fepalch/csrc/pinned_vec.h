#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <new>
#include <utility>

namespace fep {

// Page-locked host array; owns its allocation.
template <typename T>
class PinnedVector {
 public:
  PinnedVector() = default;
  explicit PinnedVector(std::size_t n) : n_(n) {
    if (n_ == 0) return;
    if (cudaMallocHost(reinterpret_cast<void**>(&data_), n_ * sizeof(T)) != cudaSuccess) {
      data_ = nullptr;
      n_ = 0;
      throw std::bad_alloc();
    }
  }
  ~PinnedVector() { reset(); }

  PinnedVector(const PinnedVector&) = delete;
  PinnedVector& operator=(const PinnedVector&) = delete;
  PinnedVector(PinnedVector&& o) noexcept
      : data_(std::exchange(o.data_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  PinnedVector& operator=(PinnedVector&& o) noexcept {
    if (this != &o) {
      reset();
      data_ = std::exchange(o.data_, nullptr);
      n_ = std::exchange(o.n_, 0);
    }
    return *this;
  }

  T* data() { return data_; }
  const T* data() const { return data_; }
  std::size_t size() const { return n_; }
  T& operator[](std::size_t i) { return data_[i]; }

 private:
  void reset() {
    if (data_) cudaFreeHost(data_);
    data_ = nullptr;
    n_ = 0;
  }
  T* data_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace fep
