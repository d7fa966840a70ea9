#pragma once
#include <cuda_runtime.h>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <utility>

namespace orekrige {

// Move-only owner of a page-locked host array.
template <class T>
class PinnedBlock {
 public:
  explicit PinnedBlock(std::size_t n) : n_(n) {
    if (cudaMallocHost(reinterpret_cast<void**>(&p_), n * sizeof(T)) != cudaSuccess)
      throw std::bad_alloc();
  }
  PinnedBlock(PinnedBlock&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(o.n_) {}
  PinnedBlock(const PinnedBlock&) = delete;
  PinnedBlock& operator=(const PinnedBlock&) = delete;
  ~PinnedBlock() { if (p_) cudaFreeHost(p_); }
  T* data() { return p_; }
  std::size_t size() const { return n_; }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

struct FreeHost {
  void operator()(float* p) const noexcept { cudaFreeHost(p); }
};
using HostPtr = std::unique_ptr<float[], FreeHost>;

inline HostPtr make_host(std::size_t n) {
  float* p = nullptr;
  if (cudaHostAlloc(reinterpret_cast<void**>(&p), n * sizeof(float), cudaHostAllocPortable) != cudaSuccess)
    throw std::bad_alloc();
  return HostPtr(p);
}

}  // namespace orekrige
