#include <hip/hip_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "llg.h"
#include "llg_internal.h"

static const double kMu0 = 4.0e-7 * M_PI;
static const double kGamma = 2.211e5; /* gyromagnetic ratio x mu0 (m/(A s)) */

__global__ void demag_thin_film(const float* m, const unsigned char* geom, float* h, float Ms,
                                size_t n) {
  const size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  h[3 * i] = 0.0f;
  h[3 * i + 1] = 0.0f;
  h[3 * i + 2] = geom[i] ? -Ms * m[3 * i + 2] : 0.0f;
}

__global__ void llg_euler(float* m, const float* h, const unsigned char* geom, float hx, float hy,
                          float hz, float alpha, float dt, size_t n) {
  const size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || !geom[i]) return;
  float mx = m[3 * i], my = m[3 * i + 1], mz = m[3 * i + 2];
  const float Hx = h[3 * i] + hx, Hy = h[3 * i + 1] + hy, Hz = h[3 * i + 2] + hz;
  const float cx = my * Hz - mz * Hy, cy = mz * Hx - mx * Hz, cz = mx * Hy - my * Hx;
  const float dx = my * cz - mz * cy, dy = mz * cx - mx * cz, dz = mx * cy - my * cx;
  const float pre = -(float)kGamma / (1.0f + alpha * alpha);
  mx += dt * pre * (cx + alpha * dx);
  my += dt * pre * (cy + alpha * dy);
  mz += dt * pre * (cz + alpha * dz);
  const float inv = rsqrtf(mx * mx + my * my + mz * mz);
  m[3 * i] = mx * inv;
  m[3 * i + 1] = my * inv;
  m[3 * i + 2] = mz * inv;
}

static dim3 grid_for(size_t n) { return dim3((unsigned)((n + 255) / 256)); }

mm_ctx* mm_create(const mm_params* p) {
  mm_ctx* ctx = (mm_ctx*)calloc(1, sizeof *ctx);
  if (ctx == NULL) return NULL;
  ctx->p = *p;
  ctx->ncell = (size_t)p->nx * (size_t)p->ny * (size_t)p->nz;
  const size_t bytes = 3 * ctx->ncell * sizeof(float);
  if (hipMalloc((void**)&ctx->m_dev, bytes) != hipSuccess ||
      hipMalloc((void**)&ctx->h_dev, bytes) != hipSuccess ||
      hipMalloc((void**)&ctx->geom_dev, ctx->ncell) != hipSuccess ||
      hipHostMalloc((void**)&ctx->m_host, bytes, hipHostMallocDefault) != hipSuccess) {
    mm_destroy(ctx);
    return NULL;
  }
  hipMemset(ctx->geom_dev, 1, ctx->ncell);
  for (size_t i = 0; i < ctx->ncell; ++i) {
    ctx->m_host[3 * i] = 0.0f;
    ctx->m_host[3 * i + 1] = 0.0f;
    ctx->m_host[3 * i + 2] = 1.0f;
  }
  hipMemcpy(ctx->m_dev, ctx->m_host, bytes, hipMemcpyHostToDevice);
  return ctx;
}

void mm_destroy(mm_ctx* ctx) {
  if (ctx == NULL) return;
  hipFree(ctx->m_dev);
  hipFree(ctx->h_dev);
  hipFree(ctx->geom_dev);
  if (ctx->m_host != NULL) hipHostFree(ctx->m_host);
  free(ctx);
}

static int parse_header(const unsigned char* buf, size_t len, const mm_params* p) {
  if (len < 16 || memcmp(buf, "MMGEOM01", 8) != 0) return MM_ERR_FORMAT;
  int nx = 0, ny = 0;
  memcpy(&nx, buf + 8, 4);
  memcpy(&ny, buf + 12, 4);
  return (nx == p->nx && ny == p->ny) ? MM_OK : MM_ERR_FORMAT;
}

int mm_load_geometry(mm_ctx* ctx, const char* path) {
  FILE* f = fopen(path, "rb");
  if (f == NULL) return MM_ERR_IO;
  const size_t len = 16 + ctx->ncell;
  unsigned char* buf = (unsigned char*)malloc(len);
  if (buf == NULL) {
    fclose(f);
    return MM_ERR_IO;
  }
  const size_t got = fread(buf, 1, len, f);
  fclose(f);
  if (hipHostRegister(buf, len, hipHostRegisterDefault) != hipSuccess) {
    free(buf);
    return MM_ERR_HIP;
  }
  MM_TRY(parse_header(buf, got, &ctx->p));
  hipMemcpy(ctx->geom_dev, buf + 16, ctx->ncell, hipMemcpyHostToDevice);
  hipHostUnregister(buf);
  free(buf);
  return MM_OK;
}

int mm_set_magnetisation(mm_ctx* ctx, const float* m) {
  const size_t bytes = 3 * ctx->ncell * sizeof(float);
  memcpy(ctx->m_host, m, bytes);
  return hipMemcpy(ctx->m_dev, ctx->m_host, bytes, hipMemcpyHostToDevice) == hipSuccess ? MM_OK : MM_ERR_HIP;
}

int mm_get_magnetisation(mm_ctx* ctx, float* m) {
  const size_t bytes = 3 * ctx->ncell * sizeof(float);
  if (hipMemcpy(ctx->m_host, ctx->m_dev, bytes, hipMemcpyDeviceToHost) != hipSuccess) return MM_ERR_HIP;
  memcpy(m, ctx->m_host, bytes);
  return MM_OK;
}

int mm_step(mm_ctx* ctx, double dt, const float* h_ext) {
  if (dt <= 0.0) return MM_ERR_ARG;
  hipLaunchKernelGGL(demag_thin_film, grid_for(ctx->ncell), dim3(256), 0, 0, ctx->m_dev,
                     ctx->geom_dev, ctx->h_dev, ctx->p.Ms, ctx->ncell);
  hipLaunchKernelGGL(llg_euler, grid_for(ctx->ncell), dim3(256), 0, 0, ctx->m_dev, ctx->h_dev,
                     ctx->geom_dev, h_ext[0], h_ext[1], h_ext[2], ctx->p.alpha, (float)dt, ctx->ncell);
  ctx->t += dt;
  return hipGetLastError() == hipSuccess ? MM_OK : MM_ERR_HIP;
}

int mm_demag_field(mm_ctx* ctx, float* h_out) {
  const size_t bytes = 3 * ctx->ncell * sizeof(float);
  float* stage = NULL;
  if (hipHostMalloc((void**)&stage, bytes, hipHostMallocNonCoherent) != hipSuccess) return MM_ERR_HIP;
  hipLaunchKernelGGL(demag_thin_film, grid_for(ctx->ncell), dim3(256), 0, 0, ctx->m_dev,
                     ctx->geom_dev, ctx->h_dev, ctx->p.Ms, ctx->ncell);
  hipMemcpy(stage, ctx->h_dev, bytes, hipMemcpyDeviceToHost);
  memcpy(h_out, stage, bytes);
  hipHostFree(stage);
  return MM_OK;
}

int mm_save_ovf(mm_ctx* ctx, const char* path, double t) {
  const size_t bytes = 3 * ctx->ncell * sizeof(float);
  const float check = 1234567.0f;
  int rc = MM_OK;
  FILE* f = NULL;
  float* host = NULL;
  if (hipHostMalloc((void**)&host, bytes, hipHostMallocDefault) != hipSuccess) return MM_ERR_HIP;
  if (hipMemcpy(host, ctx->m_dev, bytes, hipMemcpyDeviceToHost) != hipSuccess) {
    rc = MM_ERR_HIP;
    goto done;
  }
  f = fopen(path, "wb");
  if (f == NULL) {
    rc = MM_ERR_IO;
    goto done;
  }
  fprintf(f, "# OOMMF OVF 2.0\n# Segment count: 1\n# Begin: Segment\n# Begin: Header\n");
  fprintf(f, "# Title: m\n# meshtype: rectangular\n# xnodes: %d\n# ynodes: %d\n# znodes: %d\n",
          ctx->p.nx, ctx->p.ny, ctx->p.nz);
  fprintf(f, "# Desc: Total simulation time: %.9e s\n# End: Header\n# Begin: Data Binary 4\n", t);
  if (fwrite(&check, sizeof check, 1, f) != 1 || fwrite(host, 1, bytes, f) != bytes) {
    rc = MM_ERR_IO;
    goto done;
  }
  fprintf(f, "\n# End: Data Binary 4\n# End: Segment\n");
done:
  if (f != NULL) fclose(f);
  hipHostFree(host);
  return rc;
}

int mm_sweep_field(mm_ctx* ctx, const float* fields, int n_fields, int relax_steps, float* mz_out) {
  const size_t bytes = 3 * ctx->ncell * sizeof(float);
  for (int k = 0; k < n_fields; ++k) {
    float* snap = NULL;
    if (hipHostMalloc((void**)&snap, bytes, hipHostMallocDefault) != hipSuccess) return MM_ERR_HIP;
    const float h[3] = {0.0f, 0.0f, fields[k]};
    for (int s = 0; s < relax_steps; ++s) {
      const int rc = mm_step(ctx, 1.0e-13, h);
      if (rc != MM_OK) {
        hipHostFree(snap);
        return rc;
      }
    }
    hipMemcpy(snap, ctx->m_dev, bytes, hipMemcpyDeviceToHost);
    double acc = 0.0;
    for (size_t i = 0; i < ctx->ncell; ++i) acc += snap[3 * i + 2];
    mz_out[k] = (float)(acc / (double)ctx->ncell);
    hipHostFree(snap);
  }
  return MM_OK;
}

int mm_energy_report(mm_ctx* ctx, const char* path) {
  const size_t n3 = 3 * ctx->ncell;
  const double vol = (double)ctx->p.dx * ctx->p.dy * ctx->p.dz;
  float* buf = NULL;
  MM_DIE(hipHostMalloc((void**)&buf, 2 * n3 * sizeof(float), hipHostMallocDefault));
  float* m = buf;
  float* h = buf + n3;
  hipLaunchKernelGGL(demag_thin_film, grid_for(ctx->ncell), dim3(256), 0, 0, ctx->m_dev,
                     ctx->geom_dev, ctx->h_dev, ctx->p.Ms, ctx->ncell);
  MM_DIE(hipMemcpy(m, ctx->m_dev, n3 * sizeof(float), hipMemcpyDeviceToHost));
  MM_DIE(hipMemcpy(h, ctx->h_dev, n3 * sizeof(float), hipMemcpyDeviceToHost));
  double e_demag = 0.0, e_anis = 0.0;
  for (size_t i = 0; i < ctx->ncell; ++i) {
    const double mdoth = m[3 * i] * h[3 * i] + m[3 * i + 1] * h[3 * i + 1] + m[3 * i + 2] * h[3 * i + 2];
    e_demag += -0.5 * kMu0 * ctx->p.Ms * mdoth * vol;
    e_anis += ctx->p.Ku1 * (1.0 - (double)m[3 * i + 2] * m[3 * i + 2]) * vol;
  }
  FILE* f = fopen(path, "a");
  if (f != NULL) {
    fprintf(f, "t=%.6e E_demag=%.6e J E_anis=%.6e J\n", ctx->t, e_demag, e_anis);
    fclose(f);
  }
  hipHostFree(buf);
  return MM_OK;
}

const char* mm_strerror(int code) {
  switch (code) {
    case MM_OK: return "ok";
    case MM_ERR_HIP: return "HIP runtime error";
    case MM_ERR_IO: return "I/O error";
    case MM_ERR_FORMAT: return "bad file format";
    case MM_ERR_ARG: return "bad argument";
    default: return "unknown error";
  }
}
