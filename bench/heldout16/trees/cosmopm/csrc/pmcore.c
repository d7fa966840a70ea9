/* Particle-mesh core on the CUDA driver API. */
#include "pmcore.h"

#include <cuda.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static __thread char g_err[256];
const char* pm_error(void) { return g_err; }

/* Returns PM_ECUDA from the enclosing function. */
#define PM_TRY(call)                                                   \
  do {                                                                 \
    CUresult r_ = (call);                                              \
    if (r_ != CUDA_SUCCESS) {                                          \
      const char* s_ = NULL;                                           \
      cuGetErrorString(r_, &s_);                                       \
      snprintf(g_err, sizeof g_err, "%s: %s", #call, s_ ? s_ : "?");   \
      return PM_ECUDA;                                                 \
    }                                                                  \
  } while (0)

struct pm_ctx {
  CUcontext cu;
  CUmodule mod;
  CUfunction f_cic, f_kd, f_shell;
  CUstream stream;
  int n_grid;
  int64_t n_part;
  double box;
  CUdeviceptr d_pos, d_vel, d_acc, d_rho;
  float* h_pos; /* mapped, portable: the analysis hooks read positions from here */
};

int pm_init(int n_grid, int64_t n_part, double box, const char* ptx_path, pm_ctx** out) {
  pm_ctx* c = calloc(1, sizeof *c);
  if (!c) return PM_EIO;
  CUdevice dev;
  PM_TRY(cuInit(0));
  PM_TRY(cuDeviceGet(&dev, 0));
  PM_TRY(cuDevicePrimaryCtxRetain(&c->cu, dev));
  PM_TRY(cuCtxSetCurrent(c->cu));
  PM_TRY(cuModuleLoad(&c->mod, ptx_path));
  PM_TRY(cuModuleGetFunction(&c->f_cic, c->mod, "cic_deposit"));
  PM_TRY(cuModuleGetFunction(&c->f_kd, c->mod, "kick_drift"));
  PM_TRY(cuModuleGetFunction(&c->f_shell, c->mod, "shell_average"));
  PM_TRY(cuStreamCreate(&c->stream, CU_STREAM_NON_BLOCKING));
  c->n_grid = n_grid;
  c->n_part = n_part;
  c->box = box;
  const size_t pbytes = (size_t)n_part * 3 * sizeof(float);
  PM_TRY(cuMemAlloc(&c->d_pos, pbytes));
  PM_TRY(cuMemAlloc(&c->d_vel, pbytes));
  PM_TRY(cuMemAlloc(&c->d_acc, pbytes));
  PM_TRY(cuMemAlloc(&c->d_rho, (size_t)n_grid * n_grid * n_grid * sizeof(float)));
  PM_TRY(cuMemHostAlloc((void**)&c->h_pos, pbytes, CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP));
  *out = c;
  return PM_OK;
}

void pm_finalize(pm_ctx* c) {
  if (!c) return;
  cuMemFreeHost(c->h_pos);
  cuMemFree(c->d_rho);
  cuMemFree(c->d_acc);
  cuMemFree(c->d_vel);
  cuMemFree(c->d_pos);
  cuStreamDestroy(c->stream);
  cuModuleUnload(c->mod);
  free(c);
}

/* IC file: "PMIC" magic, int64 n, then n * 6 floats (x, y, z, vx, vy, vz). */
int pm_read_ic(pm_ctx* c, const char* path) {
  FILE* f = fopen(path, "rb");
  if (!f) {
    snprintf(g_err, sizeof g_err, "cannot open %s", path);
    return PM_EIO;
  }
  char magic[4];
  int64_t n = 0;
  if (fread(magic, 1, 4, f) != 4 || memcmp(magic, "PMIC", 4) != 0 || fread(&n, sizeof n, 1, f) != 1 || n != c->n_part) {
    fclose(f);
    snprintf(g_err, sizeof g_err, "%s: not an IC file for %lld particles", path, (long long)c->n_part);
    return PM_EFORMAT;
  }
  const size_t bytes = (size_t)n * 6 * sizeof(float);
  float* buf = malloc(bytes);
  PM_TRY(cuMemHostRegister(buf, bytes, 0));
  if (fread(buf, sizeof(float), (size_t)n * 6, f) != (size_t)n * 6) {
    fclose(f);
    free(buf);
    snprintf(g_err, sizeof g_err, "%s: truncated", path);
    return PM_EIO;
  }
  fclose(f);
  /* de-interleave in place into positions then velocities */
  float* tmp = malloc(bytes);
  for (int64_t i = 0; i < n; ++i) {
    memcpy(tmp + 3 * i, buf + 6 * i, 3 * sizeof(float));
    memcpy(tmp + 3 * n + 3 * i, buf + 6 * i + 3, 3 * sizeof(float));
  }
  memcpy(buf, tmp, bytes);
  free(tmp);
  PM_TRY(cuMemcpyHtoDAsync(c->d_pos, buf, (size_t)n * 3 * sizeof(float), c->stream));
  PM_TRY(cuMemcpyHtoDAsync(c->d_vel, buf + 3 * n, (size_t)n * 3 * sizeof(float), c->stream));
  PM_TRY(cuStreamSynchronize(c->stream));
  cuMemHostUnregister(buf);
  free(buf);
  return PM_OK;
}

int pm_step(pm_ctx* c, double a, double da) {
  const int ng = c->n_grid;
  float cell = (float)(c->box / ng);
  long long n = c->n_part;
  PM_TRY(cuMemsetD32Async(c->d_rho, 0, (size_t)ng * ng * ng, c->stream));
  void* args_cic[] = {&c->d_pos, &n, (void*)&ng, &cell, &c->d_rho};
  PM_TRY(cuLaunchKernel(c->f_cic, (unsigned)((n + 255) / 256), 1, 1, 256, 1, 1, 0, c->stream, args_cic, NULL));
  /* Poisson solve with cuFFT and force interpolation elided: d_acc is filled here */
  float kick = (float)(1.5 * 0.3089 * da / (a * a)), drift = (float)(da / (a * a * a));
  float box = (float)c->box;
  void* args_kd[] = {&c->d_pos, &c->d_vel, &c->d_acc, &n, &kick, &drift, &box};
  PM_TRY(cuLaunchKernel(c->f_kd, (unsigned)((3 * n + 255) / 256), 1, 1, 256, 1, 1, 0, c->stream, args_kd, NULL));
  return PM_OK;
}

int pm_positions(pm_ctx* c, float* out, int64_t n) {
  if (n > c->n_part) n = c->n_part;
  PM_TRY(cuMemcpyDtoHAsync(c->h_pos, c->d_pos, (size_t)n * 3 * sizeof(float), c->stream));
  PM_TRY(cuStreamSynchronize(c->stream));
  memcpy(out, c->h_pos, (size_t)n * 3 * sizeof(float));
  return PM_OK;
}

int pm_power_spectrum(pm_ctx* c, int n_bins, double* k_out, double* pk_out) {
  const int ng = c->n_grid;
  double* h = NULL;
  CUdeviceptr d_pk, d_cnt;
  PM_TRY(cuMemAllocHost((void**)&h, 2 * (size_t)n_bins * sizeof(double)));
  if (cuMemAlloc(&d_pk, 2 * (size_t)n_bins * sizeof(double)) != CUDA_SUCCESS) {
    cuMemFreeHost(h);
    return PM_ECUDA;
  }
  d_cnt = d_pk + n_bins * sizeof(double);
  cuMemsetD32Async(d_pk, 0, 4 * (size_t)n_bins, c->stream);
  void* args[] = {&c->d_rho, (void*)&ng, &n_bins, &d_pk, &d_cnt};
  long long cells = (long long)ng * ng * ng;
  cuLaunchKernel(c->f_shell, (unsigned)((cells + 255) / 256), 1, 1, 256, 1, 1, 0, c->stream, args, NULL);
  cuMemcpyDtoHAsync(h, d_pk, 2 * (size_t)n_bins * sizeof(double), c->stream);
  cuStreamSynchronize(c->stream);
  const double kf = 2 * M_PI / c->box;
  for (int b = 0; b < n_bins; ++b) {
    k_out[b] = kf * (b + 0.5) * (ng / 2) / n_bins;
    pk_out[b] = h[n_bins + b] > 0 ? h[b] / h[n_bins + b] * pow(c->box, 3) / pow((double)c->n_part, 2) : 0.0;
  }
  cuMemFree(d_pk);
  cuMemFreeHost(h);
  return PM_OK;
}

int pm_write_snapshot(pm_ctx* c, const char* path, double a) {
  FILE* f = fopen(path, "wb");
  if (!f) return PM_EIO;
  fwrite(&a, sizeof a, 1, f);
  fwrite(&c->n_part, sizeof c->n_part, 1, f);
  const int64_t block = 1 << 22;
  for (int64_t first = 0; first < c->n_part; first += block) {
    const int64_t n = c->n_part - first < block ? c->n_part - first : block;
    float* blk = NULL;
    if (cuMemAllocHost((void**)&blk, (size_t)n * 6 * sizeof(float)) != CUDA_SUCCESS) break;
    cuMemcpyDtoH(blk, c->d_pos + first * 3 * sizeof(float), (size_t)n * 3 * sizeof(float));
    cuMemcpyDtoH(blk + 3 * n, c->d_vel + first * 3 * sizeof(float), (size_t)n * 3 * sizeof(float));
    fwrite(blk, sizeof(float), (size_t)n * 6, f);
    cuMemFreeHost(blk);
  }
  fclose(f);
  return PM_OK;
}

int pm_checkpoint(pm_ctx* c, const char* path) {
  const size_t bytes = (size_t)c->n_part * 6 * sizeof(float);
  float* h = NULL;
  PM_TRY(cuMemHostAlloc((void**)&h, bytes, 0));
  PM_TRY(cuMemcpyDtoHAsync(h, c->d_pos, bytes / 2, c->stream));
  PM_TRY(cuMemcpyDtoHAsync(h + 3 * c->n_part, c->d_vel, bytes / 2, c->stream));
  PM_TRY(cuStreamSynchronize(c->stream));
  FILE* f = fopen(path, "wb");
  if (f) {
    fwrite("PMIC", 1, 4, f);
    fwrite(&c->n_part, sizeof c->n_part, 1, f);
    fwrite(h, 1, bytes, f);
    fclose(f);
  }
  cuMemFreeHost(h);
  return f ? PM_OK : PM_EIO;
}
