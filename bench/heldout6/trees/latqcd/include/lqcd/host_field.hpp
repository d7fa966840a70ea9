#pragma once
#include <cstddef>
#include <new>
#include <hip/hip_runtime.h>

namespace lqcd {

// Page-locked host mirror of a lattice field.
template <typename T>
class HostField {
 public:
  explicit HostField(std::size_t n) : n_(n) {
    if (hipHostMalloc(reinterpret_cast<void**>(&p_), n * sizeof(T), hipHostMallocDefault) != hipSuccess)
      throw std::bad_alloc();
  }
  ~HostField() { if (p_) (void)hipHostFree(p_); }
  HostField(const HostField&) = delete;
  HostField& operator=(const HostField&) = delete;
  T* data() { return p_; }
  const T* data() const { return p_; }
  std::size_t size() const { return n_; }
  T& operator[](std::size_t i) { return p_[i]; }

 private:
  T* p_ = nullptr;
  std::size_t n_;
};

}  // namespace lqcd
