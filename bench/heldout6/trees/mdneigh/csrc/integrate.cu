#include <cuda_runtime.h>
#include "md.h"

__global__ void lj_force(const float* pos, const int* nbr, const int* nnbr, int n, int max_nbr, float* f);

__global__ void verlet(float* pos, float* vel, const float* f, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  for (int c = 0; c < 3; ++c) {
    vel[4 * i + c] += dt * f[4 * i + c];
    pos[4 * i + c] += dt * vel[4 * i + c];
  }
}

extern "C" int md_step(md_system* s, float dt) {
  lj_force<<<(s->n + 127) / 128, 128>>>(s->d_pos, s->d_nbr, s->d_nnbr, s->n, s->max_nbr, s->d_force);
  verlet<<<(s->n + 127) / 128, 128>>>(s->d_pos, s->d_vel, s->d_force, s->n, dt);
  return cudaGetLastError() == cudaSuccess ? 0 : -1;
}
