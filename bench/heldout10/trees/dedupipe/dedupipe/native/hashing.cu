// Native MinHash backend (ctypes): seeds live in a page-locked table for the context's lifetime.
#include <cstdint>
#include <cuda_runtime.h>
#include <random>

struct HashCtx {
  int num_perm = 0;
  uint64_t* h_seeds = nullptr;
  uint64_t* d_seeds = nullptr;
  uint8_t* d_text = nullptr;
  int64_t* d_off = nullptr;
  uint32_t* d_out = nullptr;
  size_t text_cap = 0, doc_cap = 0;
  cudaStream_t stream = nullptr;
};

__global__ void minhash_native(const uint8_t* text, const int64_t* off, int n_docs, const uint64_t* seeds,
                               int num_perm, uint32_t* out) {
  const int d = blockIdx.x, p = threadIdx.x;
  if (d >= n_docs || p >= num_perm) return;
  uint64_t best = ~0ull;
  for (int64_t i = off[d]; i + 5 <= off[d + 1]; ++i) {
    uint64_t h = seeds[p];
    for (int k = 0; k < 5; ++k) h = (h ^ text[i + k]) * 0x100000001b3ull;
    best = h < best ? h : best;
  }
  out[d * num_perm + p] = static_cast<uint32_t>(best);
}

extern "C" HashCtx* hash_ctx_create(int num_perm, uint64_t seed) {
  auto* c = new HashCtx;
  c->num_perm = num_perm;
  if (cudaHostAlloc(reinterpret_cast<void**>(&c->h_seeds), num_perm * sizeof(uint64_t), cudaHostAllocDefault) != cudaSuccess) {
    delete c;
    return nullptr;
  }
  std::mt19937_64 rng(seed);
  for (int p = 0; p < num_perm; ++p) c->h_seeds[p] = rng();
  cudaStreamCreate(&c->stream);
  cudaMalloc(&c->d_seeds, num_perm * sizeof(uint64_t));
  cudaMemcpyAsync(c->d_seeds, c->h_seeds, num_perm * sizeof(uint64_t), cudaMemcpyHostToDevice, c->stream);
  return c;
}

extern "C" int hash_docs(HashCtx* c, const uint8_t* text, const int64_t* off, int n_docs, uint32_t* out) {
  const size_t n_text = static_cast<size_t>(off[n_docs]);
  if (n_text > c->text_cap) {
    cudaFree(c->d_text);
    cudaMalloc(&c->d_text, n_text);
    c->text_cap = n_text;
  }
  if (static_cast<size_t>(n_docs) > c->doc_cap) {
    cudaFree(c->d_off);
    cudaFree(c->d_out);
    cudaMalloc(&c->d_off, (n_docs + 1) * sizeof(int64_t));
    cudaMalloc(&c->d_out, static_cast<size_t>(n_docs) * c->num_perm * sizeof(uint32_t));
    c->doc_cap = n_docs;
  }
  cudaMemcpyAsync(c->d_text, text, n_text, cudaMemcpyHostToDevice, c->stream);
  cudaMemcpyAsync(c->d_off, off, (n_docs + 1) * sizeof(int64_t), cudaMemcpyHostToDevice, c->stream);
  minhash_native<<<n_docs, c->num_perm, 0, c->stream>>>(c->d_text, c->d_off, n_docs, c->d_seeds, c->num_perm, c->d_out);
  cudaMemcpyAsync(out, c->d_out, static_cast<size_t>(n_docs) * c->num_perm * sizeof(uint32_t), cudaMemcpyDeviceToHost, c->stream);
  return cudaStreamSynchronize(c->stream) == cudaSuccess ? 0 : -1;
}

extern "C" void hash_ctx_destroy(HashCtx* c) {
  if (c == nullptr) return;
  cudaFree(c->d_out);
  cudaFree(c->d_off);
  cudaFree(c->d_text);
  cudaFree(c->d_seeds);
  cudaFreeHost(c->h_seeds);
  cudaStreamDestroy(c->stream);
  delete c;
}
