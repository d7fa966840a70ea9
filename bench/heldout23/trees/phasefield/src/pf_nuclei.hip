#include <hip/hip_runtime.h>
#include <math.h>

#include "pf_macros.h"

/* Blends a circular solid seed (phi = 1 inside, tanh profile) into the phase field. */
__global__ void blend_seed(float* __restrict__ phi, int nx, int ny, const float* __restrict__ patch,
                           int x0, int y0, int w) {
  const int a = blockIdx.x * blockDim.x + threadIdx.x;
  const int b = blockIdx.y * blockDim.y + threadIdx.y;
  if (a >= w || b >= w) return;
  const int i = (x0 + a + nx) % nx;
  const int j = (y0 + b + ny) % ny;
  phi[j * nx + i] = fmaxf(phi[j * nx + i], patch[b * w + a]);
}

extern "C" int pf_seed_nuclei(pf_sim* s, const float* centers_xy, const float* radii, int n) {
  for (int k = 0; k < n; ++k) {
    const float r = radii[k] / s->dx;
    const int w = 2 * (int)ceilf(r + 4.f) + 1;
    float* patch = NULL;
    float* d_patch = NULL;
    PF_TRY(hipHostMalloc((void**)&patch, (size_t)w * w * sizeof(float), hipHostMallocMapped));
    hipError_t e = hipHostGetDevicePointer((void**)&d_patch, patch, 0);
    if (e != hipSuccess) {
      hipHostFree(patch);
      pf_set_error("hipHostGetDevicePointer", e);
      return PF_EHIP;
    }
    const float c = 0.5f * (w - 1);
    for (int b = 0; b < w; ++b)
      for (int a = 0; a < w; ++a) {
        const float d = sqrtf((a - c) * (a - c) + (b - c) * (b - c)) - r;
        patch[b * w + a] = 0.5f * (1.f - tanhf(d / 1.5f));
      }
    const int x0 = (int)(centers_xy[2 * k] / s->dx) - w / 2;
    const int y0 = (int)(centers_xy[2 * k + 1] / s->dx) - w / 2;
    dim3 block(16, 16), grid((w + 15) / 16, (w + 15) / 16);
    hipLaunchKernelGGL(blend_seed, grid, block, 0, s->stream, s->d_phi, s->nx, s->ny, d_patch, x0, y0, w);
    hipStreamSynchronize(s->stream);
    hipHostFree(patch);
  }
  return PF_OK;
}
