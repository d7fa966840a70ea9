#pragma once
#include <cstddef>
#include <utility>
#include "piv/hip_check.hpp"

namespace piv {

// Page-locked host array owned by the object; released in the destructor.
template <typename T>
class HostBuffer {
 public:
  HostBuffer() = default;
  explicit HostBuffer(std::size_t n, unsigned flags = hipHostMallocDefault) : n_(n) {
    PIV_HIP(hipHostMalloc(reinterpret_cast<void**>(&p_), n * sizeof(T), flags));
  }
  ~HostBuffer() { reset(); }
  HostBuffer(const HostBuffer&) = delete;
  HostBuffer& operator=(const HostBuffer&) = delete;
  HostBuffer(HostBuffer&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  HostBuffer& operator=(HostBuffer&& o) noexcept {
    if (this != &o) {
      reset();
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
    }
    return *this;
  }

  void reset() {
    if (p_ != nullptr) hipHostFree(p_);
    p_ = nullptr;
    n_ = 0;
  }
  T* data() { return p_; }
  const T* data() const { return p_; }
  T& operator[](std::size_t i) { return p_[i]; }
  std::size_t size() const { return n_; }
  std::size_t bytes() const { return n_ * sizeof(T); }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace piv
