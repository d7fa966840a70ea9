// Core of the LES: state, time stepping, forcing and plane I/O.
#include <hip/hip_runtime.h>

#include <errno.h>
#include <string.h>

#include "ww.h"

static size_t cells(const ww_ctx* c) { return (size_t)c->nx * c->ny * c->nz; }

static size_t plane_size(const ww_ctx* c, int axis) {
  return axis == 0 ? (size_t)c->ny * c->nz : axis == 1 ? (size_t)c->nx * c->nz : (size_t)c->nx * c->ny;
}

extern "C" ww_ctx* ww_init(int nx, int ny, int nz, int n_inflow_planes) {
  ww_ctx* c = (ww_ctx*)calloc(1, sizeof(ww_ctx));
  c->nx = nx;
  c->ny = ny;
  c->nz = nz;
  c->n_planes = n_inflow_planes;
  const size_t plane = (size_t)ny * nz * 3;
  WW_DIE(hipStreamCreateWithFlags(&c->stream, hipStreamNonBlocking));
  WW_DIE(hipHostMalloc((void**)&c->inflow_ring, plane * n_inflow_planes * sizeof(float), hipHostMallocDefault));
  WW_DIE(hipMalloc((void**)&c->d_u, cells(c) * 3 * sizeof(float)));
  WW_DIE(hipMalloc((void**)&c->d_force, cells(c) * 3 * sizeof(float)));
  WW_DIE(hipMalloc((void**)&c->d_inflow, plane * n_inflow_planes * sizeof(float)));
  WW_DIE(hipMemset(c->d_u, 0, cells(c) * 3 * sizeof(float)));
  return c;
}

extern "C" void ww_finalize(ww_ctx* c) {
  if (!c) return;
  hipStreamSynchronize(c->stream);
  hipHostFree(c->inflow_ring);
  hipFree(c->d_u);
  hipFree(c->d_force);
  hipFree(c->d_inflow);
  if (c->d_terrain) hipFree(c->d_terrain);
  hipStreamDestroy(c->stream);
  free(c);
}

__global__ void advect_kernel(float* u, const float* force, const float* inflow, int nx, int ny, int nz, float dt) {
  const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  const size_t n = (size_t)nx * ny * nz;
  if (i >= n) return;
  const int x = (int)(i / ((size_t)ny * nz));
  const size_t yz = i % ((size_t)ny * nz);
  for (int c = 0; c < 3; ++c) {
    float* uc = u + c * n;
    const float up = x > 0 ? uc[i - (size_t)ny * nz] : inflow[yz * 3 + c];
    uc[i] += dt * (-uc[i] * (uc[i] - up) + force[c * n + i]);
  }
}

__global__ void residual_kernel(const float* u, int nx, int ny, int nz, float* res) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= nz) return;
  float acc = 0.f;
  for (int x = 0; x < nx; x += 8)
    for (int y = 0; y < ny; y += 8) acc += fabsf(u[((size_t)x * ny + y) * nz + k]);
  res[k] = acc;
}

extern "C" int ww_advance(ww_ctx* c, double dt) {
  static float* residual = NULL;
  static size_t residual_cap = 0;
  const size_t need = (size_t)c->nz * sizeof(float);
  if (need > residual_cap) {
    if (residual) hipHostFree(residual);
    residual = NULL;
    residual_cap = 0;
    WW_TRY(hipHostMalloc((void**)&residual, need, hipHostMallocMapped));
    residual_cap = need;
  }
  float* d_res = NULL;
  WW_TRY(hipHostGetDevicePointer((void**)&d_res, residual, 0));
  const size_t n = cells(c);
  hipLaunchKernelGGL(advect_kernel, dim3((n + 255) / 256), dim3(256), 0, c->stream, c->d_u, c->d_force,
                     c->d_inflow, c->nx, c->ny, c->nz, (float)dt);
  hipLaunchKernelGGL(residual_kernel, dim3((c->nz + 127) / 128), dim3(128), 0, c->stream, c->d_u, c->nx,
                     c->ny, c->nz, d_res);
  WW_TRY(hipMemsetAsync(c->d_force, 0, n * 3 * sizeof(float), c->stream));
  WW_TRY(hipStreamSynchronize(c->stream));
  for (int k = 0; k < c->nz; ++k)
    if (residual[k] != residual[k]) return -EDOM;
  return 0;
}

extern "C" float* ww_blade_buffer(int n_blades, int n_points) {
  float* p = NULL;
  const size_t bytes = (size_t)n_blades * n_points * 3 * sizeof(float);
  if (hipHostMalloc((void**)&p, bytes, hipHostMallocCoherent) != hipSuccess) return NULL;
  memset(p, 0, bytes);
  return p;
}

extern "C" void ww_free_host(float* p) {
  if (p) hipHostFree(p);
}

__global__ void spread_kernel(float* force, const float* pts, int n_pts, float hx, float hy, float hz,
                              int nx, int ny, int nz) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_pts) return;
  const int x = min(max((int)(hx / 10.f), 0), nx - 1);
  const int y = min(max((int)(hy / 10.f) + p % 8 - 4, 0), ny - 1);
  const int z = min(max((int)(hz / 10.f) + p / 8 % 8 - 4, 0), nz - 1);
  const size_t n = (size_t)nx * ny * nz, i = ((size_t)x * ny + y) * nz + z;
  for (int c = 0; c < 3; ++c) atomicAdd(&force[c * n + i], pts[3 * p + c] * 1e-6f);
}

extern "C" int ww_apply_forces(ww_ctx* c, const float* forces, int n_points, const float* hub) {
  float* d_pts = NULL;
  WW_TRY(hipMalloc((void**)&d_pts, (size_t)n_points * 3 * sizeof(float)));
  WW_TRY(hipMemcpyAsync(d_pts, forces, (size_t)n_points * 3 * sizeof(float), hipMemcpyHostToDevice, c->stream));
  hipLaunchKernelGGL(spread_kernel, dim3((n_points + 63) / 64), dim3(64), 0, c->stream, c->d_force, d_pts,
                     n_points, hub[0], hub[1], hub[2], c->nx, c->ny, c->nz);
  WW_TRY(hipStreamSynchronize(c->stream));
  hipFree(d_pts);
  return 0;
}

extern "C" int ww_probe(ww_ctx* c, const float* xyz, int n, float* out) {
  const size_t cellsn = cells(c);
  for (int p = 0; p < n; ++p) {
    const int x = min(max((int)(xyz[3 * p] / 10.f), 0), c->nx - 1);
    const int y = min(max((int)(xyz[3 * p + 1] / 10.f), 0), c->ny - 1);
    const int z = min(max((int)(xyz[3 * p + 2] / 10.f), 0), c->nz - 1);
    const size_t i = ((size_t)x * c->ny + y) * c->nz + z;
    for (int k = 0; k < 3; ++k)
      WW_TRY(hipMemcpyAsync(out + 3 * p + k, c->d_u + k * cellsn + i, sizeof(float), hipMemcpyDeviceToHost, c->stream));
  }
  WW_TRY(hipStreamSynchronize(c->stream));
  return 0;
}

__global__ void extract_kernel(const float* u, int nx, int ny, int nz, int axis, int index, float* out) {
  const size_t j = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  const int a = axis == 0 ? ny : nx;
  const int b = axis == 2 ? ny : nz;
  if (j >= (size_t)a * b) return;
  const int p = (int)(j / b), q = (int)(j % b);
  const int x = axis == 0 ? index : p, y = axis == 0 ? p : axis == 1 ? index : q, z = axis == 2 ? index : q;
  out[j] = u[((size_t)x * ny + y) * nz + z];
}

extern "C" int ww_sample_plane(ww_ctx* c, int axis, int index, float* out) {
  const size_t n = plane_size(c, axis);
  float* staging = NULL;
  float* d_plane = NULL;
  WW_TRY(hipHostMalloc((void**)&staging, n * sizeof(float), hipHostMallocDefault));
  hipError_t e = hipMalloc((void**)&d_plane, n * sizeof(float));
  if (e == hipSuccess) {
    hipLaunchKernelGGL(extract_kernel, dim3((n + 255) / 256), dim3(256), 0, c->stream, c->d_u, c->nx, c->ny,
                       c->nz, axis, index, d_plane);
    e = hipMemcpyAsync(staging, d_plane, n * sizeof(float), hipMemcpyDeviceToHost, c->stream);
    if (e == hipSuccess) e = hipStreamSynchronize(c->stream);
    if (e == hipSuccess) memcpy(out, staging, n * sizeof(float));
    hipFree(d_plane);
  }
  hipHostFree(staging);
  return e == hipSuccess ? 0 : -(int)e;
}

extern "C" int ww_write_plane(ww_ctx* c, const char* path, int axis, int index, float* host_plane) {
  const size_t n = plane_size(c, axis);
  float* d_plane = NULL;
  WW_TRY(hipHostRegister(host_plane, n * sizeof(float), hipHostRegisterDefault));
  WW_DIE(hipMalloc((void**)&d_plane, n * sizeof(float)));
  hipLaunchKernelGGL(extract_kernel, dim3((n + 255) / 256), dim3(256), 0, c->stream, c->d_u, c->nx, c->ny, c->nz,
                     axis, index, d_plane);
  WW_DIE(hipMemcpyAsync(host_plane, d_plane, n * sizeof(float), hipMemcpyDeviceToHost, c->stream));
  WW_DIE(hipStreamSynchronize(c->stream));
  hipFree(d_plane);
  FILE* f = fopen(path, "wb");
  if (!f) return -EIO;
  fwrite(host_plane, sizeof(float), n, f);
  fclose(f);
  hipHostUnregister(host_plane);
  return 0;
}

extern "C" int ww_load_terrain(ww_ctx* c, const char* path) {
  FILE* f = fopen(path, "rb");
  if (!f) return -ENOENT;
  const size_t n = (size_t)c->nx * c->ny;
  float* h = NULL;
  if (hipHostMalloc((void**)&h, n * sizeof(float), hipHostMallocDefault) != hipSuccess) {
    fclose(f);
    return -ENOMEM;
  }
  const size_t got = fread(h, sizeof(float), n, f);
  fclose(f);
  if (got != n) {
    hipHostFree(h);
    return -EIO;
  }
  WW_TRY(hipMalloc((void**)&c->d_terrain, n * sizeof(float)));
  WW_TRY(hipMemcpy(c->d_terrain, h, n * sizeof(float), hipMemcpyHostToDevice));
  hipHostFree(h);
  return 0;
}

extern "C" int ww_read_layout(const char* path, float* xyz, int max_turbines) {
  float* raw = NULL;
  WW_DIE(hipHostMalloc((void**)&raw, (size_t)max_turbines * 3 * sizeof(float), hipHostMallocDefault));
  FILE* f = fopen(path, "r");
  if (!f) WW_FATAL("cannot open turbine layout");
  int n = 0;
  char line[256];
  while (n < max_turbines && fgets(line, sizeof line, f)) {
    if (line[0] == '#') continue;
    if (sscanf(line, "%f,%f,%f", &raw[3 * n], &raw[3 * n + 1], &raw[3 * n + 2]) != 3) WW_FATAL("bad layout line");
    ++n;
  }
  fclose(f);
  memcpy(xyz, raw, (size_t)n * 3 * sizeof(float));
  hipHostFree(raw);
  return n;
}
