#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <new>

#define CUDA_OK(expr)                                                                   \
  do {                                                                                  \
    cudaError_t e_ = (expr);                                                            \
    if (e_ != cudaSuccess) {                                                            \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #expr, cudaGetErrorString(e_)); \
      std::abort();                                                                     \
    }                                                                                   \
  } while (0)

// Owning, portable page-locked image buffer for device->host readback.
class PinnedReadback {
 public:
  PinnedReadback(int w, int h, int channels)
      : w_(w), h_(h), c_(channels), bytes_(static_cast<std::size_t>(w) * h * channels * sizeof(float)) {
    if (cudaHostAlloc(&ptr_, bytes_, cudaHostAllocPortable) != cudaSuccess) throw std::bad_alloc();
  }
  ~PinnedReadback() { cudaFreeHost(ptr_); }
  PinnedReadback(const PinnedReadback&) = delete;
  PinnedReadback& operator=(const PinnedReadback&) = delete;

  float* data() { return static_cast<float*>(ptr_); }
  std::size_t bytes() const { return bytes_; }
  int width() const { return w_; }
  int height() const { return h_; }
  int channels() const { return c_; }

  void read_from(const float* d_src, cudaStream_t s) {
    CUDA_OK(cudaMemcpyAsync(ptr_, d_src, bytes_, cudaMemcpyDeviceToHost, s));
    CUDA_OK(cudaStreamSynchronize(s));
  }

 private:
  int w_, h_, c_;
  std::size_t bytes_;
  void* ptr_ = nullptr;
};
