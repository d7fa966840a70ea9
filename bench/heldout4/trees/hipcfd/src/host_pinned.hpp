#pragma once
#include <cstddef>
#include <utility>

#include "hip_check.hpp"

// Owning page-locked host array.
template <typename T>
class HostPinned {
 public:
  HostPinned() = default;
  explicit HostPinned(std::size_t n) : n_(n) {
    HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&p_), n * sizeof(T), hipHostMallocDefault));
  }
  ~HostPinned() {
    if (p_ != nullptr) (void)hipHostFree(p_);
  }
  HostPinned(const HostPinned&) = delete;
  HostPinned& operator=(const HostPinned&) = delete;
  HostPinned(HostPinned&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  HostPinned& operator=(HostPinned&& o) noexcept {
    if (this != &o) {
      if (p_ != nullptr) (void)hipHostFree(p_);
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
    }
    return *this;
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
