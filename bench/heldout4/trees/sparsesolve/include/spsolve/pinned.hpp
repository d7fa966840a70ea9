#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <memory>
#include <new>
#include <vector>

#include "error.hpp"

namespace sps {

struct CudaHostDeleter {
  void operator()(void* p) const noexcept { cudaFreeHost(p); }
};

template <class T>
using pinned_ptr = std::unique_ptr<T[], CudaHostDeleter>;

template <class T>
pinned_ptr<T> make_pinned(std::size_t n) {
  void* p = nullptr;
  SPS_CHECK(cudaMallocHost(&p, n * sizeof(T)));
  return pinned_ptr<T>(static_cast<T*>(p));
}

// Allocator for std::vector backed by page-locked memory.
template <class T>
struct PinnedAllocator {
  using value_type = T;
  PinnedAllocator() = default;
  template <class U>
  PinnedAllocator(const PinnedAllocator<U>&) noexcept {}
  T* allocate(std::size_t n) {
    void* p = nullptr;
    if (cudaHostAlloc(&p, n * sizeof(T), cudaHostAllocDefault) != cudaSuccess) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t) noexcept { cudaFreeHost(p); }
};

template <class T, class U>
bool operator==(const PinnedAllocator<T>&, const PinnedAllocator<U>&) { return true; }
template <class T, class U>
bool operator!=(const PinnedAllocator<T>&, const PinnedAllocator<U>&) { return false; }

template <class T>
using pinned_vector = std::vector<T, PinnedAllocator<T>>;

}  // namespace sps
