#pragma once

#include <c10/cuda/CUDAException.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstring>

namespace embcache {

// Embedding rows in mapped, page-locked host memory; the GPU reads them over PCIe/NVLink.
class HostTable {
 public:
  HostTable(int64_t rows, int64_t dim) : rows_(rows), dim_(dim) {
    C10_CUDA_CHECK(cudaHostAlloc(reinterpret_cast<void**>(&data_), bytes(), cudaHostAllocMapped));
    std::memset(data_, 0, bytes());
  }
  ~HostTable() { cudaFreeHost(data_); }
  HostTable(const HostTable&) = delete;
  HostTable& operator=(const HostTable&) = delete;

  void grow(int64_t new_rows) {
    if (new_rows <= rows_) return;
    float* fresh = nullptr;
    const size_t new_bytes = static_cast<size_t>(new_rows) * dim_ * sizeof(float);
    C10_CUDA_CHECK(cudaHostAlloc(reinterpret_cast<void**>(&fresh), new_bytes, cudaHostAllocMapped));
    std::memcpy(fresh, data_, bytes());
    std::memset(reinterpret_cast<char*>(fresh) + bytes(), 0, new_bytes - bytes());
    data_ = fresh;
    rows_ = new_rows;
  }

  float* data() const { return data_; }
  int64_t rows() const { return rows_; }
  int64_t dim() const { return dim_; }
  size_t bytes() const { return static_cast<size_t>(rows_) * dim_ * sizeof(float); }

 private:
  int64_t rows_;
  int64_t dim_;
  float* data_ = nullptr;
};

}  // namespace embcache
