#pragma once
#include <cstddef>
#include <new>
#include <utility>

#include <cuda_runtime.h>
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

namespace icesheet {

template <typename T>
using PinnedVec = thrust::host_vector<T, thrust::cuda::experimental::pinned_allocator<T>>;

// Owns one page-locked host array. Move-only.
template <typename T>
class PinnedArray {
 public:
  PinnedArray() = default;
  explicit PinnedArray(std::size_t n) : n_(n) {
    if (cudaMallocHost(reinterpret_cast<void**>(&p_), n * sizeof(T)) != cudaSuccess) {
      p_ = nullptr;
      throw std::bad_alloc();
    }
  }
  ~PinnedArray() { reset(); }

  PinnedArray(const PinnedArray&) = delete;
  PinnedArray& operator=(const PinnedArray&) = delete;
  PinnedArray(PinnedArray&& o) noexcept
      : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  PinnedArray& operator=(PinnedArray&& o) noexcept {
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
  std::size_t size() const { return n_; }
  T& operator[](std::size_t i) { return p_[i]; }
  const T& operator[](std::size_t i) const { return p_[i]; }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace icesheet
