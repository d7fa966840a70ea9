#pragma once
#include <cstddef>
#include <utility>

#include "cuda_check.hpp"

namespace ss {

// A page-locked host block owned by value: allocated in the constructor, freed in the
// destructor, movable so it can live in containers.
template <typename T>
class HostBlock {
 public:
  HostBlock() = default;
  explicit HostBlock(size_t n) : n_(n) {
    SS_CUDA(cudaMallocHost(reinterpret_cast<void**>(&p_), n * sizeof(T)));
  }
  HostBlock(const HostBlock&) = delete;
  HostBlock& operator=(const HostBlock&) = delete;
  HostBlock(HostBlock&& o) noexcept
      : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  HostBlock& operator=(HostBlock&& o) noexcept {
    if (this != &o) {
      reset();
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
    }
    return *this;
  }
  ~HostBlock() { reset(); }

  void reset() {
    if (p_) {
      cudaFreeHost(p_);
      p_ = nullptr;
      n_ = 0;
    }
  }
  T* data() { return p_; }
  const T* data() const { return p_; }
  size_t size() const { return n_; }

 private:
  T* p_ = nullptr;
  size_t n_ = 0;
};

}  // namespace ss
