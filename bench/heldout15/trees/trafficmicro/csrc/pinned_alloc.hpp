#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <new>
#include <vector>

namespace traffic {

// std::allocator replacement handing out portable page-locked memory.
template <class T>
struct PinnedAllocator {
  using value_type = T;

  PinnedAllocator() noexcept = default;
  template <class U>
  PinnedAllocator(const PinnedAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    void* p = nullptr;
    if (cudaHostAlloc(&p, n * sizeof(T), cudaHostAllocPortable) != cudaSuccess) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t) noexcept { cudaFreeHost(p); }
};

template <class T, class U>
bool operator==(const PinnedAllocator<T>&, const PinnedAllocator<U>&) { return true; }
template <class T, class U>
bool operator!=(const PinnedAllocator<T>&, const PinnedAllocator<U>&) { return false; }

template <class T>
using PinnedVec = std::vector<T, PinnedAllocator<T>>;

}  // namespace traffic
