#include <stdlib.h>
#include <cuda_runtime.h>
#include "md.h"

extern "C" md_system* md_system_create(int n, const float box[3], float cutoff, float skin, int max_nbr) {
  md_system* s = (md_system*)calloc(1, sizeof(md_system));
  if (!s) return NULL;
  s->n = n;
  s->box[0] = box[0]; s->box[1] = box[1]; s->box[2] = box[2];
  s->cutoff = cutoff;
  s->skin = skin;
  s->max_nbr = max_nbr;
  if (cudaMallocHost((void**)&s->h_pos, sizeof(float) * 4 * n) != cudaSuccess) {
    free(s);
    return NULL;
  }
  if (cudaMallocHost((void**)&s->h_vel, sizeof(float) * 4 * n) != cudaSuccess) {
    free(s);
    return NULL;
  }
  cudaMalloc((void**)&s->d_pos, sizeof(float) * 4 * n);
  cudaMalloc((void**)&s->d_vel, sizeof(float) * 4 * n);
  cudaMalloc((void**)&s->d_force, sizeof(float) * 4 * n);
  cudaMalloc((void**)&s->d_nbr, sizeof(int) * n * max_nbr);
  cudaMalloc((void**)&s->d_nnbr, sizeof(int) * n);
  return s;
}

extern "C" void md_system_destroy(md_system* s) {
  if (!s) return;
  cudaFreeHost(s->h_pos);
  cudaFreeHost(s->h_vel);
  cudaFree(s->d_pos);
  cudaFree(s->d_vel);
  cudaFree(s->d_force);
  cudaFree(s->d_nbr);
  cudaFree(s->d_nnbr);
  free(s);
}
