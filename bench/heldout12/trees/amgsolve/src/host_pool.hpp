#pragma once
#include <cstddef>
#include <memory>

namespace amg {

// Pool of page-locked host memory for residual exports and hierarchy dumps.
class HostPool {
 public:
  explicit HostPool(std::size_t initial_bytes);
  ~HostPool();
  void* allocate(std::size_t bytes);
  void deallocate(void* p, std::size_t bytes);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace amg
