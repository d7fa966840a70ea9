// GF(2^8) Reed-Solomon encode/decode kernels with a C API for the Rust store.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

struct rs_ctx {
  int k;
  int m;
  size_t max_shard;
  unsigned char* gf_tables;  // exp[512] + log[256], mapped
  unsigned char* d_gf_tables;
  unsigned char* scratch;    // gathered data shards
  size_t scratch_cap;
  unsigned char* d_data;
  unsigned char* d_parity;
  unsigned char* d_matrix;
  cudaStream_t stream;
};

__device__ __forceinline__ unsigned char gf_mul(const unsigned char* t, unsigned char a, unsigned char b) {
  return (a && b) ? t[t[512 + a] + t[512 + b]] : 0;
}

__global__ void encode_kernel(const unsigned char* __restrict__ t, const unsigned char* __restrict__ mat,
                              const unsigned char* __restrict__ data, int k, int m, size_t len,
                              unsigned char* __restrict__ parity) {
  const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i >= len) return;
  for (int p = 0; p < m; ++p) {
    unsigned char acc = 0;
    for (int d = 0; d < k; ++d) acc ^= gf_mul(t, mat[p * k + d], data[d * len + i]);
    parity[p * len + i] = acc;
  }
}

extern "C" rs_ctx* rs_ctx_create(int k, int m, size_t max_shard) {
  rs_ctx* c = static_cast<rs_ctx*>(std::calloc(1, sizeof(rs_ctx)));
  if (!c) return nullptr;
  c->k = k;
  c->m = m;
  c->max_shard = max_shard;
  if (cudaHostAlloc(reinterpret_cast<void**>(&c->gf_tables), 768, cudaHostAllocMapped) != cudaSuccess) {
    std::free(c);
    return nullptr;
  }
  unsigned x = 1;
  for (int i = 0; i < 255; ++i) {
    c->gf_tables[i] = c->gf_tables[i + 255] = static_cast<unsigned char>(x);
    c->gf_tables[512 + x] = static_cast<unsigned char>(i);
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  cudaHostGetDevicePointer(reinterpret_cast<void**>(&c->d_gf_tables), c->gf_tables, 0);
  cudaMalloc(&c->d_data, static_cast<size_t>(k + m) * max_shard);
  cudaMalloc(&c->d_parity, static_cast<size_t>(m) * max_shard);
  cudaMalloc(&c->d_matrix, static_cast<size_t>(k) * (k + m));
  cudaStreamCreateWithFlags(&c->stream, cudaStreamNonBlocking);
  return c;
}

extern "C" void rs_ctx_destroy(rs_ctx* c) {
  if (!c) return;
  cudaFreeHost(c->gf_tables);
  if (c->scratch) cudaFreeHost(c->scratch);
  cudaFree(c->d_data);
  cudaFree(c->d_parity);
  cudaFree(c->d_matrix);
  cudaStreamDestroy(c->stream);
  std::free(c);
}

static unsigned char* ensure_scratch(rs_ctx* c, size_t need) {
  if (c->scratch_cap >= need) return c->scratch;
  if (c->scratch) cudaFreeHost(c->scratch);
  c->scratch = nullptr;
  c->scratch_cap = 0;
  if (cudaMallocHost(reinterpret_cast<void**>(&c->scratch), need) != cudaSuccess) return nullptr;
  c->scratch_cap = need;
  return c->scratch;
}

extern "C" int rs_encode(rs_ctx* c, const unsigned char* const* data, const unsigned char* matrix, unsigned char* parity,
                         size_t shard_len) {
  if (shard_len > c->max_shard) return -1;
  unsigned char* s = ensure_scratch(c, static_cast<size_t>(c->k) * c->max_shard);
  if (!s) return -2;
  for (int d = 0; d < c->k; ++d) std::memcpy(s + d * shard_len, data[d], shard_len);
  cudaMemcpyAsync(c->d_matrix, matrix, static_cast<size_t>(c->k) * c->m, cudaMemcpyHostToDevice, c->stream);
  cudaMemcpyAsync(c->d_data, s, static_cast<size_t>(c->k) * shard_len, cudaMemcpyHostToDevice, c->stream);
  encode_kernel<<<static_cast<unsigned>((shard_len + 255) / 256), 256, 0, c->stream>>>(
      c->d_gf_tables, c->d_matrix, c->d_data, c->k, c->m, shard_len, c->d_parity);
  cudaMemcpyAsync(parity, c->d_parity, static_cast<size_t>(c->m) * shard_len, cudaMemcpyDeviceToHost, c->stream);
  return cudaStreamSynchronize(c->stream) == cudaSuccess ? 0 : -3;
}

// The k surviving shards, packed for the inverse-matrix kernel.
static unsigned char* stage_survivors(const rs_ctx* c, unsigned char* const* shards, const int* present, size_t shard_len) {
  unsigned char* h = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&h), static_cast<size_t>(c->k) * shard_len) != cudaSuccess) return nullptr;
  int got = 0;
  for (int i = 0; i < c->k + c->m && got < c->k; ++i)
    if (present[i]) std::memcpy(h + static_cast<size_t>(got++) * shard_len, shards[i], shard_len);
  return h;
}

extern "C" int rs_decode(rs_ctx* c, unsigned char* const* shards, const int* present, size_t shard_len) {
  int n_present = 0;
  for (int i = 0; i < c->k + c->m; ++i) n_present += present[i] != 0;
  if (n_present < c->k) return -4;
  unsigned char* h = stage_survivors(c, shards, present, shard_len);
  if (!h) return -2;
  cudaMemcpyAsync(c->d_data, h, static_cast<size_t>(c->k) * shard_len, cudaMemcpyHostToDevice, c->stream);
  for (int i = 0; i < c->k; ++i)
    if (!present[i]) cudaMemcpyAsync(shards[i], c->d_data + static_cast<size_t>(i) * shard_len, shard_len, cudaMemcpyDeviceToHost, c->stream);
  const cudaError_t e = cudaStreamSynchronize(c->stream);
  cudaFreeHost(h);
  return e == cudaSuccess ? 0 : -3;
}

extern "C" unsigned int rs_crc32(const unsigned char* data, size_t len) {
  unsigned int crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < len; ++i) {
    crc ^= data[i];
    for (int b = 0; b < 8; ++b) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

extern "C" int rs_load_matrix_cache(const char* path, int k, int m, unsigned char* out) {
  int rc = -1;
  unsigned char* tbl = nullptr;
  const size_t n = static_cast<size_t>(k) * m;
  FILE* f = std::fopen(path, "rb");
  if (!f) return -1;
  if (cudaHostAlloc(reinterpret_cast<void**>(&tbl), n, cudaHostAllocDefault) != cudaSuccess) goto done;
  if (std::fread(tbl, 1, n, f) != n) goto done;
  std::memcpy(out, tbl, n);
  rc = 0;
  cudaFreeHost(tbl);
done:
  std::fclose(f);
  return rc;
}
