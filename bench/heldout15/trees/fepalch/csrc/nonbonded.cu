// Soft-core Lennard-Jones + reaction-field electrostatics for alchemical windows.
#include <cuda_runtime.h>

#include "engine.h"

namespace fep {
namespace {

constexpr float kCoulomb = 138.935458f;
constexpr float kCutoff2 = 1.0f;

__device__ float softcore_pair(float r2, float sig, float eps, float qq, const float4 p,
                               float* dudl) {
  const float lam_e = p.x, lam_v = p.y, alpha = p.z;
  const float s6 = sig * sig * sig * sig * sig * sig;
  const float r6 = r2 * r2 * r2;
  const float denom = alpha * s6 * (1.0f - lam_v) + r6;
  const float x = s6 / denom;
  const float u_lj = 4.0f * eps * lam_v * (x * x - x);
  const float u_el = lam_e * kCoulomb * qq * rsqrtf(r2);
  if (dudl) *dudl += 4.0f * eps * (x * x - x) + kCoulomb * qq * rsqrtf(r2);
  return u_lj + u_el;
}

__global__ void step_kernel(const float* q, const float* sig, const float* eps, const int* lig,
                            float* x, float* v, float* f, const float4* params, int n, float dt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float fx = 0.f, fy = 0.f, fz = 0.f;
  for (int j = 0; j < n; ++j) {
    if (j == i) continue;
    const float dx = x[3 * i] - x[3 * j], dy = x[3 * i + 1] - x[3 * j + 1], dz = x[3 * i + 2] - x[3 * j + 2];
    const float r2 = dx * dx + dy * dy + dz * dz;
    if (r2 > kCutoff2) continue;
    const float4 p = (lig[i] || lig[j]) ? params[i] : make_float4(1.f, 1.f, 0.f, 0.f);
    const float h = 1e-4f;
    const float du = (softcore_pair(r2 + h, 0.5f * (sig[i] + sig[j]), sqrtf(eps[i] * eps[j]), q[i] * q[j], p, nullptr) -
                      softcore_pair(r2, 0.5f * (sig[i] + sig[j]), sqrtf(eps[i] * eps[j]), q[i] * q[j], p, nullptr)) / h;
    fx -= 2.f * du * dx;
    fy -= 2.f * du * dy;
    fz -= 2.f * du * dz;
  }
  f[3 * i] = fx; f[3 * i + 1] = fy; f[3 * i + 2] = fz;
  v[3 * i] += dt * fx; v[3 * i + 1] += dt * fy; v[3 * i + 2] += dt * fz;
  x[3 * i] += dt * v[3 * i]; x[3 * i + 1] += dt * v[3 * i + 1]; x[3 * i + 2] += dt * v[3 * i + 2];
}

__global__ void cross_kernel(const float* q, const float* sig, const float* eps, const int* lig,
                             const float* x, const float4* params, double* u, int n_windows, int n) {
  const int a = blockIdx.x, b = blockIdx.y;  // energy of replica b's coordinates in window a
  double acc = 0.0;
  const float* xb = x + static_cast<size_t>(3) * n * b;
  const float4* pa = params + static_cast<size_t>(n) * a;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    if (!lig[i]) continue;
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      const float dx = xb[3 * i] - xb[3 * j], dy = xb[3 * i + 1] - xb[3 * j + 1], dz = xb[3 * i + 2] - xb[3 * j + 2];
      const float r2 = dx * dx + dy * dy + dz * dz;
      if (r2 < kCutoff2) acc += softcore_pair(r2, 0.5f * (sig[i] + sig[j]), sqrtf(eps[i] * eps[j]), q[i] * q[j], pa[i], nullptr);
    }
  }
  atomicAdd(&u[a * n_windows + b], acc);
}

__global__ void dhdl_kernel(const float* q, const float* sig, const float* eps, const int* lig,
                            const float* x, const float4* params, double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float d = 0.f;
  if (lig[i]) {
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      const float dx = x[3 * i] - x[3 * j], dy = x[3 * i + 1] - x[3 * j + 1], dz = x[3 * i + 2] - x[3 * j + 2];
      const float r2 = dx * dx + dy * dy + dz * dz;
      if (r2 < kCutoff2) softcore_pair(r2, 0.5f * (sig[i] + sig[j]), sqrtf(eps[i] * eps[j]), q[i] * q[j], params[i], &d);
    }
  }
  out[i] = d;
}

}  // namespace

void launch_softcore_step(const Topology& t, float* d_coords, float* d_vel, float* d_forces,
                          const float* d_params, int n, float dt, cudaStream_t s) {
  step_kernel<<<(n + 127) / 128, 128, 0, s>>>(t.d_charges, t.d_sigma, t.d_epsilon, t.d_ligand_mask,
                                              d_coords, d_vel, d_forces,
                                              reinterpret_cast<const float4*>(d_params), n, dt);
}

void launch_cross_energies(const Topology& t, const float* d_coords, const float* d_params_all,
                           double* d_u, int n_windows, int n, cudaStream_t s) {
  cudaMemsetAsync(d_u, 0, sizeof(double) * n_windows * n_windows, s);
  cross_kernel<<<dim3(n_windows, n_windows), 128, 0, s>>>(
      t.d_charges, t.d_sigma, t.d_epsilon, t.d_ligand_mask, d_coords,
      reinterpret_cast<const float4*>(d_params_all), d_u, n_windows, n);
}

void launch_dhdl(const Topology& t, const float* d_coords, const float* d_params_all, int window,
                 double* d_dhdl, int n, cudaStream_t s) {
  const float* x = d_coords + static_cast<size_t>(3) * n * window;
  const float4* p = reinterpret_cast<const float4*>(d_params_all) + static_cast<size_t>(n) * window;
  dhdl_kernel<<<(n + 127) / 128, 128, 0, s>>>(t.d_charges, t.d_sigma, t.d_epsilon, t.d_ligand_mask, x, p,
                                              d_dhdl, n);
}

}  // namespace fep
