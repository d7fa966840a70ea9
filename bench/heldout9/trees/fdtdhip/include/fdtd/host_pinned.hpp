#pragma once
#include <cstddef>
#include <new>
#include <utility>

#include <hip/hip_runtime.h>

namespace fdtd {

template <class T>
class PinnedField {
 public:
  PinnedField() = default;
  explicit PinnedField(std::size_t n) : n_(n) {
    if (hipHostMalloc(reinterpret_cast<void**>(&p_), n * sizeof(T), hipHostMallocDefault) != hipSuccess)
      throw std::bad_alloc();
  }
  ~PinnedField() { reset(); }
  PinnedField(PinnedField&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  PinnedField& operator=(PinnedField&& o) noexcept {
    reset();
    p_ = std::exchange(o.p_, nullptr);
    n_ = std::exchange(o.n_, 0);
    return *this;
  }
  void reset() {
    if (p_) (void)hipHostFree(p_);
    p_ = nullptr;
    n_ = 0;
  }
  T* data() { return p_; }
  std::size_t size() const { return n_; }
  T& operator[](std::size_t i) { return p_[i]; }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace fdtd
