#pragma once
#include <cstddef>
#include <utility>
#include <cuda_runtime.h>
#include "common/cb_check.h"

namespace cb {

// Owns a portable page-locked host block; the block is released with its owner.
template <typename T>
class PinnedBlock {
 public:
  PinnedBlock() = default;
  explicit PinnedBlock(std::size_t n) : n_(n) {
    CB_FATAL(cudaHostAlloc(reinterpret_cast<void**>(&ptr_), n * sizeof(T),
                           cudaHostAllocPortable));
  }
  ~PinnedBlock() {
    if (ptr_ != nullptr) cudaFreeHost(ptr_);
  }
  PinnedBlock(const PinnedBlock&) = delete;
  PinnedBlock& operator=(const PinnedBlock&) = delete;
  PinnedBlock(PinnedBlock&& o) noexcept : ptr_(std::exchange(o.ptr_, nullptr)), n_(o.n_) {}
  PinnedBlock& operator=(PinnedBlock&& o) noexcept {
    if (this != &o) {
      if (ptr_ != nullptr) cudaFreeHost(ptr_);
      ptr_ = std::exchange(o.ptr_, nullptr);
      n_ = o.n_;
    }
    return *this;
  }

  T* data() { return ptr_; }
  const T* data() const { return ptr_; }
  std::size_t size() const { return n_; }
  std::size_t bytes() const { return n_ * sizeof(T); }

 private:
  T* ptr_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace cb
