#pragma once
// Owning page-locked host array (move-only).

#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>

namespace drape {

inline void cuda_check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}

template <typename T>
class HostSpan {
 public:
  HostSpan() = default;
  explicit HostSpan(std::size_t n) : n_(n) {
    cuda_check(cudaMallocHost(reinterpret_cast<void**>(&p_), n * sizeof(T)), "HostSpan");
  }
  ~HostSpan() {
    if (p_) cudaFreeHost(p_);
  }
  HostSpan(HostSpan&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  HostSpan& operator=(HostSpan&& o) noexcept {
    if (this != &o) {
      if (p_) cudaFreeHost(p_);
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
    }
    return *this;
  }
  HostSpan(const HostSpan&) = delete;
  HostSpan& operator=(const HostSpan&) = delete;

  T* data() { return p_; }
  const T* data() const { return p_; }
  std::size_t size() const { return n_; }
  T& operator[](std::size_t i) { return p_[i]; }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace drape
