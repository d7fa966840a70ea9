#pragma once
#include <cuda_runtime.h>
#include <thrust/host_vector.h>
#include <thrust/system/cuda/memory_resource.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

#include <stdexcept>
#include <utility>

namespace sph {

template <typename T>
using PinnedVec = thrust::host_vector<T, thrust::cuda::experimental::pinned_allocator<T>>;

// Owns a page-locked block for its lifetime.
template <typename T>
class HostBlock {
 public:
  explicit HostBlock(size_t n) : n_(n) {
    if (cudaMallocHost(reinterpret_cast<void**>(&p_), n * sizeof(T)) != cudaSuccess)
      throw std::bad_alloc();
  }
  HostBlock(HostBlock&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(o.n_) {}
  HostBlock(const HostBlock&) = delete;
  ~HostBlock() {
    if (p_) cudaFreeHost(p_);
  }
  T* data() { return p_; }
  size_t size() const { return n_; }

 private:
  T* p_ = nullptr;
  size_t n_ = 0;
};

}  // namespace sph
