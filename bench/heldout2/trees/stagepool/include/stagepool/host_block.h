#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>
#include <string>

namespace stagepool {

// Owning handle to a page-locked host allocation.
class HostBlock {
 public:
  explicit HostBlock(std::size_t bytes) : bytes_(bytes) {
    cudaError_t err = cudaMallocHost(&ptr_, bytes_);
    if (err != cudaSuccess) {
      ptr_ = nullptr;
      throw std::runtime_error(std::string("cudaMallocHost: ") + cudaGetErrorString(err));
    }
  }
  ~HostBlock() {
    if (ptr_ != nullptr) cudaFreeHost(ptr_);
  }

  HostBlock(const HostBlock&) = delete;
  HostBlock& operator=(const HostBlock&) = delete;
  HostBlock(HostBlock&& o) noexcept : ptr_(o.ptr_), bytes_(o.bytes_) { o.ptr_ = nullptr; }

  void* data() const { return ptr_; }
  std::size_t size() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace stagepool
