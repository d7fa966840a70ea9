// Hit preparation, geometry and triplet seeding.
#include <hip/hip_runtime.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trk.h"

#define TRK_TRY(expr)                                                              \
  do {                                                                             \
    hipError_t trk_e_ = (expr);                                                    \
    if (trk_e_ != hipSuccess) {                                                    \
      fprintf(stderr, "trkreco: %s failed: %s\n", #expr, hipGetErrorString(trk_e_)); \
      return (int)trk_e_;                                                          \
    }                                                                              \
  } while (0)

extern "C" int trk_load_geometry(const char* path, trk_geometry** out) {
  FILE* f = fopen(path, "rb");
  if (!f) return -1;
  unsigned n_modules = 0;
  if (fread(&n_modules, sizeof n_modules, 1, f) != 1 || n_modules == 0) {
    fclose(f);
    return -2;
  }
  const size_t count = (size_t)n_modules * TRK_MODULE_FLOATS;
  float* staging = NULL;
  if (hipHostMalloc((void**)&staging, count * sizeof(float), hipHostMallocDefault) != hipSuccess) {
    fclose(f);
    return -4;
  }
  if (fread(staging, sizeof(float), count, f) != count) {
    hipHostFree(staging);
    fclose(f);
    return -3;
  }
  fclose(f);
  trk_geometry* g = (trk_geometry*)calloc(1, sizeof *g);
  g->n_modules = n_modules;
  TRK_TRY(hipMalloc((void**)&g->d_modules, count * sizeof(float)));
  TRK_TRY(hipMemcpy(g->d_modules, staging, count * sizeof(float), hipMemcpyHostToDevice));
  hipHostFree(staging);
  *out = g;
  return 0;
}

extern "C" void trk_free_geometry(trk_geometry* g) {
  if (!g) return;
  hipFree(g->d_modules);
  free(g);
}

extern "C" float* trk_alloc_hit_ring(int n_slots, int max_hits) {
  float* ring = NULL;
  const size_t bytes = (size_t)n_slots * max_hits * 4 * sizeof(float);
  if (hipHostMalloc((void**)&ring, bytes, hipHostMallocPortable) != hipSuccess) return NULL;
  return ring;
}

extern "C" void trk_free_hit_ring(float* ring) {
  if (ring) hipHostFree(ring);
}

extern "C" float* trk_make_seed_buffer(int n_hits, int max_seeds) {
  const int cap = n_hits * 3 < max_seeds ? n_hits * 3 : max_seeds;
  const size_t bytes = (size_t)(cap > 0 ? cap : 1) * TRK_SEED_STRIDE * sizeof(float);
  float* buf = NULL;
  if (hipHostMalloc((void**)&buf, bytes, hipHostMallocDefault) != hipSuccess) return NULL;
  memset(buf, 0, bytes);
  return buf;
}

extern "C" void trk_free_buffer(float* buf) {
  if (buf) hipHostFree(buf);
}

__global__ void triplet_kernel(const float* hits, int n, const float* modules, float* seeds,
                               int* n_seeds, int max_seeds, float dphi, float dz) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float xi = hits[4 * i], yi = hits[4 * i + 1], zi = hits[4 * i + 2];
  const float ri = sqrtf(xi * xi + yi * yi), phii = atan2f(yi, xi);
  for (int j = i + 1; j < n && j < i + 256; ++j) {
    const float xj = hits[4 * j], yj = hits[4 * j + 1], zj = hits[4 * j + 2];
    const float rj = sqrtf(xj * xj + yj * yj);
    if (rj <= ri || fabsf(atan2f(yj, xj) - phii) > dphi || fabsf(zj - zi) > dz) continue;
    for (int k = j + 1; k < n && k < j + 256; ++k) {
      const float xk = hits[4 * k], yk = hits[4 * k + 1], zk = hits[4 * k + 2];
      const float rk = sqrtf(xk * xk + yk * yk);
      if (rk <= rj || fabsf(atan2f(yk, xk) - phii) > 2.f * dphi) continue;
      const float slope1 = (zj - zi) / (rj - ri), slope2 = (zk - zj) / (rk - rj);
      if (fabsf(slope1 - slope2) > 0.05f) continue;
      const int s = atomicAdd(n_seeds, 1);
      if (s >= max_seeds) return;
      float* out = seeds + (size_t)s * TRK_SEED_STRIDE;
      out[0] = zi - slope1 * ri; out[1] = zi; out[2] = phii; out[3] = atanf(1.f / slope1); out[4] = 0.f;
      out[5] = (float)i; out[6] = (float)j; out[7] = (float)k; out[8] = modules[0];
    }
  }
}

extern "C" int trk_find_seeds(const trk_geometry* g, const float* hits, int n_hits, float* seeds,
                              int max_seeds, float delta_phi, float delta_z) {
  int* d_count = NULL;
  float* d_seeds = NULL;
  TRK_TRY(hipMalloc((void**)&d_count, sizeof(int)));
  TRK_TRY(hipMemset(d_count, 0, sizeof(int)));
  TRK_TRY(hipMalloc((void**)&d_seeds, (size_t)max_seeds * TRK_SEED_STRIDE * sizeof(float)));
  float* d_hits = NULL;
  TRK_TRY(hipMalloc((void**)&d_hits, (size_t)n_hits * 4 * sizeof(float)));
  TRK_TRY(hipMemcpy(d_hits, hits, (size_t)n_hits * 4 * sizeof(float), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(triplet_kernel, dim3((n_hits + 255) / 256), dim3(256), 0, 0, d_hits, n_hits,
                     g->d_modules, d_seeds, d_count, max_seeds, delta_phi, delta_z);
  int n = 0;
  TRK_TRY(hipMemcpy(&n, d_count, sizeof(int), hipMemcpyDeviceToHost));
  if (n > max_seeds) n = max_seeds;
  TRK_TRY(hipMemcpy(seeds, d_seeds, (size_t)n * TRK_SEED_STRIDE * sizeof(float), hipMemcpyDeviceToHost));
  hipFree(d_hits);
  hipFree(d_seeds);
  hipFree(d_count);
  return n;
}
