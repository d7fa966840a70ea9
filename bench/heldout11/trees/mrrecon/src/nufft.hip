#include <math.h>
#include <string.h>
#include <hip/hip_runtime.h>

#include "mrr.h"
#include "mrr_util.h"

#define KB_LUT 1024

static float bessel_i0(float x) {
  float sum = 1.f, term = 1.f;
  for (int k = 1; k < 20; ++k) {
    term *= (x / (2.f * k)) * (x / (2.f * k));
    sum += term;
  }
  return sum;
}

extern "C" int mrr_plan_create(int nx, int ny, int n_samples, float oversamp, int width, mrr_plan** out) {
  mrr_plan* p = (mrr_plan*)calloc(1, sizeof(mrr_plan));
  if (!p) return -1;
  p->nx = nx;
  p->ny = ny;
  p->n_samples = n_samples;
  p->oversamp = oversamp;
  p->width = width;
  p->traj_id = -1;
  if (hipHostMalloc((void**)&p->kb_lut, KB_LUT * sizeof(float), hipHostMallocMapped) != hipSuccess) {
    free(p);
    return -1;
  }
  float beta = (float)M_PI * sqrtf((width * width / (oversamp * oversamp)) * (oversamp - 0.5f) * (oversamp - 0.5f) - 0.8f);
  for (int i = 0; i < KB_LUT; ++i) {
    float u = 2.f * i / (KB_LUT - 1) - 1.f;
    p->kb_lut[i] = bessel_i0(beta * sqrtf(fmaxf(1.f - u * u, 0.f))) / width;
  }
  *out = p;
  return 0;
}

extern "C" void mrr_plan_destroy(mrr_plan* plan) {
  if (!plan) return;
  if (plan->traj) (void)hipHostFree(plan->traj);
  (void)hipHostFree(plan->kb_lut);
  free(plan);
}

__global__ void grid_kernel(const float* samples, const float* traj, const float* lut, int n, int nx, int ny, int width,
                            float* grid) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float kx = (traj[2 * i] + 0.5f) * nx, ky = (traj[2 * i + 1] + 0.5f) * ny;
  for (int dy = -width / 2; dy <= width / 2; ++dy)
    for (int dx = -width / 2; dx <= width / 2; ++dx) {
      int gx = (int)kx + dx, gy = (int)ky + dy;
      if (gx < 0 || gy < 0 || gx >= nx || gy >= ny) continue;
      float w = lut[(int)((fabsf(kx - gx) / width) * 1023.f)] * lut[(int)((fabsf(ky - gy) / width) * 1023.f)];
      atomicAdd(&grid[2 * (gy * nx + gx)], w * samples[2 * i]);
      atomicAdd(&grid[2 * (gy * nx + gx) + 1], w * samples[2 * i + 1]);
    }
}

extern "C" int mrr_gridding(mrr_plan* plan, const float* kdata, float* image) {
  const size_t n = (size_t)plan->n_samples;
  const float* dcf = mrr_dcf(plan, plan->traj_id);
  float* weighted = NULL;
  MRR_RET(hipHostMalloc((void**)&weighted, 2 * n * sizeof(float), hipHostMallocDefault));
  for (size_t i = 0; i < n; ++i) {
    weighted[2 * i] = kdata[2 * i] * dcf[i];
    weighted[2 * i + 1] = kdata[2 * i + 1] * dcf[i];
  }
  float *d_s, *d_t, *d_lut, *d_g;
  const size_t gbytes = 2 * (size_t)plan->nx * plan->ny * sizeof(float);
  MRR_DIE(hipMalloc((void**)&d_s, 2 * n * sizeof(float)));
  MRR_DIE(hipMalloc((void**)&d_t, 2 * n * sizeof(float)));
  MRR_DIE(hipMalloc((void**)&d_g, gbytes));
  MRR_DIE(hipHostGetDevicePointer((void**)&d_lut, plan->kb_lut, 0));
  MRR_DIE(hipMemcpy(d_s, weighted, 2 * n * sizeof(float), hipMemcpyHostToDevice));
  MRR_DIE(hipMemcpy(d_t, plan->traj, 2 * n * sizeof(float), hipMemcpyHostToDevice));
  MRR_DIE(hipMemset(d_g, 0, gbytes));
  hipLaunchKernelGGL(grid_kernel, dim3((unsigned)((n + 255) / 256)), dim3(256), 0, 0, d_s, d_t, d_lut, (int)n, plan->nx,
                     plan->ny, plan->width, d_g);
  MRR_DIE(hipMemcpy(image, d_g, gbytes, hipMemcpyDeviceToHost));
  (void)hipFree(d_s);
  (void)hipFree(d_t);
  (void)hipFree(d_g);
  (void)hipHostFree(weighted);
  return 0;
}
