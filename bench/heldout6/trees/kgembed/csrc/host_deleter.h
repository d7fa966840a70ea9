#pragma once
#include <cuda_runtime.h>
#include <memory>

namespace kge {

struct CudaHostDeleter {
  void operator()(void* p) const noexcept {
    if (p) cudaFreeHost(p);
  }
};

template <typename T>
using pinned_unique = std::unique_ptr<T[], CudaHostDeleter>;

}  // namespace kge
