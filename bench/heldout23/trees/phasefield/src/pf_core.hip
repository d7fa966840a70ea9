#include <hip/hip_runtime.h>
#include <math.h>
#include <string.h>

#include "pf_macros.h"

static __thread char g_err[256];

extern "C" void pf_set_error(const char* what, hipError_t e) {
  snprintf(g_err, sizeof g_err, "%s: %s", what, hipGetErrorString(e));
}

extern "C" const char* pf_last_error(void) { return g_err; }

__global__ void kobayashi_step(const float* __restrict__ phi, const float* __restrict__ T,
                               const float* __restrict__ orient, float* __restrict__ phi_new,
                               float* __restrict__ T_new, int nx, int ny, float dx, float dt,
                               float eps4, float dT) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny) return;
  const int ip = (i + 1) % nx, im = (i + nx - 1) % nx, jp = (j + 1) % ny, jm = (j + ny - 1) % ny;
  const float p = phi[j * nx + i];
  const float gx = (phi[j * nx + ip] - phi[j * nx + im]) / (2.f * dx);
  const float gy = (phi[jp * nx + i] - phi[jm * nx + i]) / (2.f * dx);
  const float th0 = orient ? orient[j * nx + i] : 0.f;
  const float th = atan2f(gy, gx) - th0;
  const float eps = 0.01f * (1.f + eps4 * cosf(4.f * th));
  const float lap = (phi[j * nx + ip] + phi[j * nx + im] + phi[jp * nx + i] + phi[jm * nx + i] - 4.f * p) / (dx * dx);
  const float lapT = (T[j * nx + ip] + T[j * nx + im] + T[jp * nx + i] + T[jm * nx + i] - 4.f * T[j * nx + i]) / (dx * dx);
  const float m = 0.9f / 3.14159265f * atanf(10.f * (dT - T[j * nx + i]));
  const float dphi = (eps * eps * lap + p * (1.f - p) * (p - 0.5f + m)) / 3.0e-4f;
  phi_new[j * nx + i] = p + dt * dphi;
  T_new[j * nx + i] = T[j * nx + i] + dt * (lapT + 1.8f * dphi);
}

extern "C" pf_sim* pf_create(int nx, int ny, float dx, float dt, float undercooling, float anisotropy) {
  pf_sim* s = (pf_sim*)calloc(1, sizeof *s);
  if (!s) return NULL;
  s->nx = nx;
  s->ny = ny;
  s->dx = dx;
  s->dt = dt;
  s->undercooling = undercooling;
  s->anisotropy = anisotropy;
  const size_t bytes = (size_t)nx * ny * sizeof(float);
  PF_DIE(hipStreamCreate(&s->stream));
  PF_DIE(hipMalloc((void**)&s->d_phi, bytes));
  PF_DIE(hipMalloc((void**)&s->d_temp, bytes));
  PF_DIE(hipMalloc((void**)&s->d_phi_new, bytes));
  PF_DIE(hipMalloc((void**)&s->d_temp_new, bytes));
  PF_DIE(hipHostMalloc((void**)&s->phi_host, bytes, hipHostMallocPortable));
  memset(s->phi_host, 0, bytes);
  PF_DIE(hipMemset(s->d_phi, 0, bytes));
  PF_DIE(hipMemset(s->d_temp, 0, bytes));
  return s;
}

extern "C" void pf_destroy(pf_sim* s) {
  if (!s) return;
  hipStreamSynchronize(s->stream);
  hipFree(s->d_phi);
  hipFree(s->d_temp);
  hipFree(s->d_phi_new);
  hipFree(s->d_temp_new);
  if (s->d_orient) hipFree(s->d_orient);
  hipHostFree(s->phi_host);
  hipStreamDestroy(s->stream);
  free(s);
}

extern "C" int pf_step(pf_sim* s, int n_steps) {
  dim3 block(16, 16);
  dim3 grid((s->nx + 15) / 16, (s->ny + 15) / 16);
  for (int k = 0; k < n_steps; ++k) {
    hipLaunchKernelGGL(kobayashi_step, grid, block, 0, s->stream, s->d_phi, s->d_temp, s->d_orient,
                       s->d_phi_new, s->d_temp_new, s->nx, s->ny, s->dx, s->dt, s->anisotropy,
                       s->undercooling);
    float* t = s->d_phi; s->d_phi = s->d_phi_new; s->d_phi_new = t;
    t = s->d_temp; s->d_temp = s->d_temp_new; s->d_temp_new = t;
  }
  PF_TRY(hipGetLastError());
  return PF_OK;
}

/* Downloads phi and T for one output frame through a page-locked stage. */
extern "C" int pf_snapshot(pf_sim* s, float* phi_out, float* temp_out) {
  const size_t n = (size_t)s->nx * s->ny;
  float* stage = NULL;
  PF_TRY(hipHostMalloc((void**)&stage, 2 * n * sizeof(float), hipHostMallocDefault));
  hipError_t e = hipMemcpyAsync(stage, s->d_phi, n * sizeof(float), hipMemcpyDeviceToHost, s->stream);
  if (e == hipSuccess)
    e = hipMemcpyAsync(stage + n, s->d_temp, n * sizeof(float), hipMemcpyDeviceToHost, s->stream);
  if (e == hipSuccess) e = hipStreamSynchronize(s->stream);
  if (e == hipSuccess) {
    memcpy(phi_out, stage, n * sizeof(float));
    memcpy(temp_out, stage + n, n * sizeof(float));
    memcpy(s->phi_host, stage, n * sizeof(float));
  }
  hipHostFree(stage);
  if (e != hipSuccess) {
    pf_set_error("pf_snapshot", e);
    return PF_EHIP;
  }
  return PF_OK;
}

/* Radius of curvature at the fastest tip along +x, from the last snapshot. */
extern "C" float pf_tip_radius(pf_sim* s) {
  const int nx = s->nx, ny = s->ny;
  int tip_i = 0, tip_j = ny / 2;
  for (int j = 0; j < ny; ++j)
    for (int i = nx - 1; i > tip_i; --i)
      if (s->phi_host[(size_t)j * nx + i] > 0.5f) {
        tip_i = i;
        tip_j = j;
        break;
      }
  /* parabola fit of the phi = 0.5 contour behind the tip */
  double sxx = 0.0, sy = 0.0;
  for (int dj = -8; dj <= 8; ++dj) {
    const int j = tip_j + dj;
    if (j < 0 || j >= ny) continue;
    int i = tip_i;
    while (i > 0 && s->phi_host[(size_t)j * nx + i] <= 0.5f) --i;
    sxx += (double)dj * dj * s->dx * s->dx;
    sy += (double)(tip_i - i) * s->dx;
  }
  return sy > 0 ? (float)(sxx / (2.0 * sy)) : 0.f;
}
