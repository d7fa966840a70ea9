#pragma once
#include <cstddef>
#include <hip/hip_runtime.h>

namespace lbm {

template <class T>
class HostBuffer {
 public:
  HostBuffer() = default;
  explicit HostBuffer(size_t n) : n_(n) {
    (void)hipHostMalloc(reinterpret_cast<void**>(&p_), n * sizeof(T), hipHostMallocDefault);
  }
  ~HostBuffer() {
    if (p_) (void)hipHostFree(p_);
  }
  HostBuffer(HostBuffer&& o) noexcept : p_(o.p_), n_(o.n_) { o.p_ = nullptr; }
  HostBuffer& operator=(HostBuffer&& o) noexcept {
    std::swap(p_, o.p_);
    std::swap(n_, o.n_);
    return *this;
  }
  T* data() { return p_; }
  size_t size() const { return n_; }

 private:
  T* p_ = nullptr;
  size_t n_ = 0;
};

}  // namespace lbm
