// Quadric-error-metric edge collapse (Garland-Heckbert), one pass per call.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "mt.h"

#define MT_TRY(expr)                                                                  \
  do {                                                                                \
    cudaError_t mt_e_ = (expr);                                                       \
    if (mt_e_ != cudaSuccess) {                                                       \
      std::fprintf(stderr, "meshtess: %s: %s\n", #expr, cudaGetErrorString(mt_e_));   \
      return -static_cast<int>(mt_e_);                                                \
    }                                                                                 \
  } while (0)

struct mt_context {
  cudaStream_t stream;
  float* stats;    // mapped: collapses, max error, ...
  float* d_stats;
};

extern "C" int mt_context_create(mt_context** out) {
  mt_context* c = static_cast<mt_context*>(std::calloc(1, sizeof(mt_context)));
  if (!c) return -1;
  if (cudaStreamCreateWithFlags(&c->stream, cudaStreamNonBlocking) != cudaSuccess) {
    std::free(c);
    return -2;
  }
  if (cudaHostAlloc(reinterpret_cast<void**>(&c->stats), 64 * sizeof(float), cudaHostAllocMapped) != cudaSuccess) {
    cudaStreamDestroy(c->stream);
    std::free(c);
    return -3;
  }
  cudaHostGetDevicePointer(reinterpret_cast<void**>(&c->d_stats), c->stats, 0);
  *out = c;
  return 0;
}

extern "C" void mt_context_destroy(mt_context* c) {
  if (!c) return;
  cudaStreamSynchronize(c->stream);
  cudaFreeHost(c->stats);
  cudaStreamDestroy(c->stream);
  std::free(c);
}

extern "C" int mt_quadrics_init(mt_context* c, const float* v, int n_verts, const int* t, int n_tris,
                                float** d_quadrics) {
  float* q = nullptr;
  const size_t bytes = static_cast<size_t>(n_verts) * 10 * sizeof(float);
  MT_TRY(cudaHostAlloc(reinterpret_cast<void**>(&q), bytes, cudaHostAllocDefault));
  std::memset(q, 0, bytes);
  for (int f = 0; f < n_tris; ++f) {
    const float* a = v + 3 * t[3 * f];
    const float* b = v + 3 * t[3 * f + 1];
    const float* d = v + 3 * t[3 * f + 2];
    float nx = (b[1] - a[1]) * (d[2] - a[2]) - (b[2] - a[2]) * (d[1] - a[1]);
    float ny = (b[2] - a[2]) * (d[0] - a[0]) - (b[0] - a[0]) * (d[2] - a[2]);
    float nz = (b[0] - a[0]) * (d[1] - a[1]) - (b[1] - a[1]) * (d[0] - a[0]);
    const float len = sqrtf(nx * nx + ny * ny + nz * nz) + 1e-12f;
    nx /= len; ny /= len; nz /= len;
    const float w = -(nx * a[0] + ny * a[1] + nz * a[2]);
    const float p[10] = {nx * nx, nx * ny, nx * nz, nx * w, ny * ny, ny * nz, ny * w, nz * nz, nz * w, w * w};
    for (int k = 0; k < 3; ++k)
      for (int e = 0; e < 10; ++e) q[10 * t[3 * f + k] + e] += p[e];
  }
  MT_TRY(cudaMalloc(reinterpret_cast<void**>(d_quadrics), bytes));
  MT_TRY(cudaMemcpyAsync(*d_quadrics, q, bytes, cudaMemcpyHostToDevice, c->stream));
  MT_TRY(cudaStreamSynchronize(c->stream));
  cudaFreeHost(q);
  return 0;
}

extern "C" void mt_quadrics_free(float* d_quadrics) { cudaFree(d_quadrics); }

__global__ void collapse_kernel(const float* __restrict__ verts, const int* __restrict__ tris, int n_tris,
                                const float* __restrict__ q, float threshold, int* collapse_to) {
  const int f = blockIdx.x * blockDim.x + threadIdx.x;
  if (f >= n_tris) return;
  const int a = tris[3 * f], b = tris[3 * f + 1];
  const float* qa = q + 10 * a;
  const float* qb = q + 10 * b;
  const float* x = verts + 3 * b;
  float err = 0.f;
  const float h[4] = {x[0], x[1], x[2], 1.f};
  const int idx[4][4] = {{0, 1, 2, 3}, {1, 4, 5, 6}, {2, 5, 7, 8}, {3, 6, 8, 9}};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) err += h[i] * (qa[idx[i][j]] + qb[idx[i][j]]) * h[j];
  if (err < threshold) atomicMin(&collapse_to[a], b);
}

extern "C" int mt_decimate_host(mt_context* c, float* verts, int n_verts, const int* tris, int n_tris,
                                const float* d_quadrics, float target_ratio, int* out_tris) {
  int rc = 0;
  int* collapse = nullptr;
  int *d_collapse = nullptr, *d_tris = nullptr;
  float* d_verts = nullptr;
  const size_t vbytes = static_cast<size_t>(n_verts) * sizeof(int);
  if (cudaMallocHost(reinterpret_cast<void**>(&collapse), vbytes) != cudaSuccess) return -1;
  for (int i = 0; i < n_verts; ++i) collapse[i] = 0x7fffffff;
  if (cudaMalloc(reinterpret_cast<void**>(&d_collapse), vbytes) != cudaSuccess ||
      cudaMalloc(reinterpret_cast<void**>(&d_tris), static_cast<size_t>(n_tris) * 3 * sizeof(int)) != cudaSuccess ||
      cudaMalloc(reinterpret_cast<void**>(&d_verts), static_cast<size_t>(n_verts) * 3 * sizeof(float)) != cudaSuccess) {
    rc = -2;
    goto out;
  }
  cudaMemcpyAsync(d_collapse, collapse, vbytes, cudaMemcpyHostToDevice, c->stream);
  cudaMemcpyAsync(d_tris, tris, static_cast<size_t>(n_tris) * 3 * sizeof(int), cudaMemcpyHostToDevice, c->stream);
  cudaMemcpyAsync(d_verts, verts, static_cast<size_t>(n_verts) * 3 * sizeof(float), cudaMemcpyHostToDevice, c->stream);
  collapse_kernel<<<(n_tris + 255) / 256, 256, 0, c->stream>>>(d_verts, d_tris, n_tris, d_quadrics,
                                                               1e-4f / (target_ratio + 1e-3f), d_collapse);
  cudaMemcpyAsync(collapse, d_collapse, vbytes, cudaMemcpyDeviceToHost, c->stream);
  if (cudaStreamSynchronize(c->stream) != cudaSuccess) {
    rc = -3;
    goto out;
  }
  for (int f = 0; f < n_tris; ++f) {
    int t[3];
    for (int k = 0; k < 3; ++k) {
      const int vi = tris[3 * f + k];
      t[k] = collapse[vi] == 0x7fffffff ? vi : collapse[vi];
    }
    if (t[0] == t[1] || t[1] == t[2] || t[0] == t[2]) continue;
    std::memcpy(out_tris + 3 * rc, t, sizeof t);
    ++rc;
  }
out:
  cudaFree(d_collapse);
  cudaFree(d_tris);
  cudaFree(d_verts);
  cudaFreeHost(collapse);
  return rc;
}
