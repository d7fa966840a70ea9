#pragma once
#include <cuda_runtime.h>
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

namespace sf {

template <class T>
using pinned_vec = thrust::host_vector<T, thrust::cuda::experimental::pinned_allocator<T>>;

template <class T>
class PinnedBlock {
 public:
  explicit PinnedBlock(size_t n) : n_(n) {
    cudaMallocHost(reinterpret_cast<void**>(&p_), n * sizeof(T));
  }
  ~PinnedBlock() { cudaFreeHost(p_); }
  PinnedBlock(const PinnedBlock&) = delete;
  PinnedBlock& operator=(const PinnedBlock&) = delete;
  T* data() { return p_; }
  size_t size() const { return n_; }

 private:
  T* p_ = nullptr;
  size_t n_ = 0;
};

}  // namespace sf
