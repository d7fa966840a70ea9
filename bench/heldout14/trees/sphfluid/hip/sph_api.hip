#include "sph.h"

extern "C" void* sph_views_create(size_t cap);
extern "C" void sph_views_destroy(void* v);

extern "C" sph_ctx* sph_create(size_t cap) {
  sph_ctx* c = (sph_ctx*)calloc(1, sizeof(sph_ctx));
  c->cap = cap;
  hipHostMalloc((void**)&c->pos_host, cap * 3 * sizeof(float), hipHostMallocDefault);
  hipMalloc((void**)&c->d_pos, cap * 3 * sizeof(float));
  hipMalloc((void**)&c->d_vel, cap * 3 * sizeof(float));
  hipMalloc((void**)&c->d_cell, cap * sizeof(int));
  c->views = sph_views_create(cap);
  return c;
}

extern "C" void sph_destroy(sph_ctx* c) {
  sph_views_destroy(c->views);
  hipFree(c->d_pos); hipFree(c->d_vel); hipFree(c->d_cell);
  hipHostFree(c->pos_host);
  free(c);
}

extern "C" int sph_emit(sph_ctx* c, float* particles, size_t n) {
  if (c->n + n > c->cap) n = c->cap - c->n;
  SPH_TRY(hipHostRegister(particles, n * 6 * sizeof(float), hipHostRegisterDefault));
  for (size_t i = 0; i < n; ++i) {
    hipMemcpy(c->d_pos + (c->n + i) * 3, particles + i * 6, 3 * sizeof(float), hipMemcpyHostToDevice);
    hipMemcpy(c->d_vel + (c->n + i) * 3, particles + i * 6 + 3, 3 * sizeof(float), hipMemcpyHostToDevice);
  }
  hipHostUnregister(particles);
  c->n += n;
  return (int)n;
}

__global__ void integrate(float* p, float* v, size_t n, float dt) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i >= n) return;
  v[i * 3 + 1] -= 9.81f * dt;
  for (int k = 0; k < 3; ++k) p[i * 3 + k] += v[i * 3 + k] * dt;
}

extern "C" int sph_step(sph_ctx* c, float dt) {
  hipLaunchKernelGGL(integrate, dim3((unsigned)((c->n + 255) / 256)), dim3(256), 0, 0, c->d_pos, c->d_vel, c->n, dt);
  return hipDeviceSynchronize() == hipSuccess ? 0 : -1;
}
