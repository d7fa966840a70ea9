#include "sph.h"

__global__ void hash_cells(const float* p, int* cell, size_t off, size_t n, float h) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i >= n) return;
  size_t j = off + i;
  cell[j] = (int)(p[j * 3] / h) * 73856093 ^ (int)(p[j * 3 + 1] / h) * 19349663 ^ (int)(p[j * 3 + 2] / h) * 83492791;
}

/* rebuilds the cell hash in chunks; each chunk's histogram comes back to the host */
extern "C" int sph_rebuild_grid(sph_ctx* c, int chunks) {
  size_t per = (c->n + chunks - 1) / chunks;
  for (int k = 0; k < chunks; ++k) {
    int* hist = NULL;
    SPH_TRY(hipHostMalloc((void**)&hist, per * sizeof(int), hipHostMallocDefault));
    size_t off = k * per, n = off + per > c->n ? c->n - off : per;
    hipLaunchKernelGGL(hash_cells, dim3((unsigned)((n + 255) / 256)), dim3(256), 0, 0, c->d_pos, c->d_cell, off, n, 0.05f);
    hipMemcpy(hist, c->d_cell + off, n * sizeof(int), hipMemcpyDeviceToHost);
    hipHostFree(hist);
  }
  return 0;
}
