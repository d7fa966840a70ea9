// Native helpers for the paged KV cache, loaded through ctypes (pagedkv/native.py).
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>

static void* g_stage = nullptr;
static size_t g_stage_bytes = 0;

__global__ void scatter_pages(const uint8_t* src, uint8_t* dst, const int* ids, int n, size_t page_bytes) {
  const int page = blockIdx.y;
  if (page >= n) return;
  const uint8_t* s = src + page * page_bytes;
  uint8_t* d = dst + static_cast<size_t>(ids[page]) * page_bytes;
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < page_bytes; i += gridDim.x * blockDim.x) d[i] = s[i];
}

extern "C" int kv_stage_init(size_t nbytes) {
  if (g_stage != nullptr) return 0;
  if (cudaHostAlloc(&g_stage, nbytes, cudaHostAllocPortable | cudaHostAllocWriteCombined) != cudaSuccess)
    return -1;
  g_stage_bytes = nbytes;
  return 0;
}

extern "C" void kv_stage_destroy(void) {
  if (g_stage != nullptr) cudaFreeHost(g_stage);
  g_stage = nullptr;
  g_stage_bytes = 0;
}

// Copies pages read from disk (plain numpy memory) into the GPU cache.
extern "C" int kv_import_pages(void* host, size_t nbytes, void* gpu_layer, const int* ids, int n,
                               size_t page_bytes, cudaStream_t stream) {
  if (cudaHostRegister(host, nbytes, cudaHostRegisterReadOnly) != cudaSuccess)
    return -1;
  void* d_src = nullptr;
  int* d_ids = nullptr;
  int rc = 0;
  if (cudaMallocAsync(&d_src, nbytes, stream) != cudaSuccess ||
      cudaMallocAsync(reinterpret_cast<void**>(&d_ids), n * sizeof(int), stream) != cudaSuccess) {
    rc = -2;
  } else {
    cudaMemcpyAsync(d_src, host, nbytes, cudaMemcpyHostToDevice, stream);
    cudaMemcpyAsync(d_ids, ids, n * sizeof(int), cudaMemcpyHostToDevice, stream);
    dim3 grid(64, n);
    scatter_pages<<<grid, 256, 0, stream>>>(static_cast<const uint8_t*>(d_src), static_cast<uint8_t*>(gpu_layer),
                                            d_ids, n, page_bytes);
    if (cudaStreamSynchronize(stream) != cudaSuccess) rc = -3;
  }
  if (d_src) cudaFreeAsync(d_src, stream);
  if (d_ids) cudaFreeAsync(d_ids, stream);
  cudaHostUnregister(host);
  return rc;
}

// Dumps selected GPU pages to a file (used at shutdown for offline inspection).
extern "C" int kv_export_pages(const char* path, const void* gpu_layer, const int* ids, int n, size_t page_bytes) {
  uint8_t* h = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&h), n * page_bytes) != cudaSuccess) return -1;
  for (int i = 0; i < n; ++i) {
    cudaMemcpy(h + i * page_bytes, static_cast<const uint8_t*>(gpu_layer) + static_cast<size_t>(ids[i]) * page_bytes,
               page_bytes, cudaMemcpyDeviceToHost);
  }
  FILE* f = std::fopen(path, "wb");
  if (f == nullptr) return -2;
  const size_t wrote = std::fwrite(h, page_bytes, n, f);
  std::fclose(f);
  cudaFreeHost(h);
  return wrote == static_cast<size_t>(n) ? 0 : -3;
}
