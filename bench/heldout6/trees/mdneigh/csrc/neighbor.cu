#include <cuda_runtime.h>
#include "md.h"

__global__ void build_cells(const float* pos, int n, float3 box, float rc, int max_nbr, int* nbr, int* nnbr,
                            int* overflow) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float xi = pos[4 * i], yi = pos[4 * i + 1], zi = pos[4 * i + 2];
  int c = 0;
  for (int j = 0; j < n; ++j) {
    if (j == i) continue;
    float dx = pos[4 * j] - xi, dy = pos[4 * j + 1] - yi, dz = pos[4 * j + 2] - zi;
    dx -= box.x * rintf(dx / box.x);
    dy -= box.y * rintf(dy / box.y);
    dz -= box.z * rintf(dz / box.z);
    if (dx * dx + dy * dy + dz * dz < rc * rc) {
      if (c < max_nbr) nbr[i * max_nbr + c] = j;
      ++c;
    }
  }
  nnbr[i] = c < max_nbr ? c : max_nbr;
  if (c > max_nbr) atomicMax(overflow, c);
}

/* Verlet list rebuild; returns 0, or the neighbour count that overflowed max_nbr. */
extern "C" int md_build_neighbors(md_system* s) {
  int* overflow = NULL;
  int* d_overflow = NULL;
  if (cudaHostAlloc((void**)&overflow, sizeof(int), cudaHostAllocMapped) != cudaSuccess)
    return -1;
  *overflow = 0;
  cudaHostGetDevicePointer((void**)&d_overflow, overflow, 0);
  float3 box = make_float3(s->box[0], s->box[1], s->box[2]);
  build_cells<<<(s->n + 127) / 128, 128>>>(s->d_pos, s->n, box, s->cutoff + s->skin, s->max_nbr, s->d_nbr,
                                           s->d_nnbr, d_overflow);
  cudaDeviceSynchronize();
  int rc = *overflow;
  cudaFreeHost(overflow);
  return rc;
}
