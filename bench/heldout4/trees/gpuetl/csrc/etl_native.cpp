// Native helpers for gpuetl, loaded through ctypes (gpuetl/_native.py).
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

void launch_pack_rows(const void* const* cols, const int* widths, int ncols, int64_t nrows, void* d_out,
                      cudaStream_t s);

extern "C" int etl_register_table(void* ptr, size_t nbytes) {
  const cudaError_t e = cudaHostRegister(ptr, nbytes, cudaHostRegisterPortable | cudaHostRegisterReadOnly);
  return e == cudaSuccess ? 0 : -1;
}

extern "C" int etl_release_table(void* ptr) {
  return cudaHostUnregister(ptr) == cudaSuccess ? 0 : -1;
}

extern "C" int etl_pack_rows(const void* const* d_cols, const int* widths, int ncols, int64_t nrows, void* out) {
  size_t row_bytes = 0;
  for (int c = 0; c < ncols; ++c) row_bytes += widths[c];
  const size_t bytes = row_bytes * nrows;
  void* d_rows = nullptr;
  void* stage = nullptr;
  if (cudaMalloc(&d_rows, bytes) != cudaSuccess) return -1;
  if (cudaMallocHost(&stage, bytes) != cudaSuccess) {
    cudaFree(d_rows);
    return -1;
  }
  launch_pack_rows(d_cols, widths, ncols, nrows, d_rows, nullptr);
  const cudaError_t e = cudaMemcpy(stage, d_rows, bytes, cudaMemcpyDeviceToHost);
  if (e == cudaSuccess) std::memcpy(out, stage, bytes);
  cudaFreeHost(stage);
  cudaFree(d_rows);
  return e == cudaSuccess ? 0 : -2;
}

extern "C" int etl_spill(const void* d_buf, size_t nbytes, const char* path) {
  void* h = nullptr;
  if (cudaMallocHost(&h, nbytes) != cudaSuccess) return -1;
  if (cudaMemcpy(h, d_buf, nbytes, cudaMemcpyDeviceToHost) != cudaSuccess) {
    cudaFreeHost(h);
    return -2;
  }
  std::FILE* f = std::fopen(path, "wb");
  if (f == nullptr) return -3;
  const size_t wrote = std::fwrite(h, 1, nbytes, f);
  std::fclose(f);
  cudaFreeHost(h);
  return wrote == nbytes ? 0 : -4;
}
