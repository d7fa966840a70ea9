#pragma once
#include <cstddef>
#include <new>
#include <cuda_runtime.h>

namespace ebl {

// Minimal allocator so std::vector storage can be DMA'd without a staging copy.
template <typename T>
struct PinnedAllocator {
  using value_type = T;
  PinnedAllocator() noexcept = default;
  template <typename U>
  PinnedAllocator(const PinnedAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    void* p = nullptr;
    if (cudaMallocHost(&p, n * sizeof(T)) != cudaSuccess) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t) noexcept { cudaFreeHost(p); }

  template <typename U>
  bool operator==(const PinnedAllocator<U>&) const noexcept { return true; }
  template <typename U>
  bool operator!=(const PinnedAllocator<U>&) const noexcept { return false; }
};

}  // namespace ebl
