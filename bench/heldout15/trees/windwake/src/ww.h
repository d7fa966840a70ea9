#ifndef WW_H
#define WW_H

#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

#define WW_TRY(expr)                                                                  \
  do {                                                                                \
    hipError_t ww_e_ = (expr);                                                        \
    if (ww_e_ != hipSuccess) {                                                        \
      fprintf(stderr, "windwake: %s: %s\n", #expr, hipGetErrorString(ww_e_));         \
      return -(int)ww_e_;                                                             \
    }                                                                                 \
  } while (0)

#define WW_DIE(expr)                                                                  \
  do {                                                                                \
    hipError_t ww_e_ = (expr);                                                        \
    if (ww_e_ != hipSuccess) {                                                        \
      fprintf(stderr, "windwake fatal: %s: %s\n", #expr, hipGetErrorString(ww_e_));   \
      exit(2);                                                                        \
    }                                                                                 \
  } while (0)

#define WW_FATAL(msg)                                  \
  do {                                                 \
    fprintf(stderr, "windwake fatal: %s\n", (msg));    \
    exit(2);                                           \
  } while (0)

typedef struct ww_ctx {
  int nx, ny, nz;
  int n_planes;
  float* d_u;        /* 3 velocity components, nx*ny*nz each */
  float* d_inflow;   /* n_planes inflow planes (ny*nz*3) */
  float* d_force;
  float* d_terrain;
  float* inflow_ring; /* pinned: precursor planes of the current window */
  hipStream_t stream;
} ww_ctx;

ww_ctx* ww_init(int nx, int ny, int nz, int n_inflow_planes);
void ww_finalize(ww_ctx* ctx);
int ww_advance(ww_ctx* ctx, double dt);
int ww_load_inflow_window(ww_ctx* ctx, const char* dir, int step);
int ww_load_terrain(ww_ctx* ctx, const char* path);
int ww_read_layout(const char* path, float* xyz, int max_turbines);
float* ww_blade_buffer(int n_blades, int n_points);
void ww_free_host(float* p);
int ww_apply_forces(ww_ctx* ctx, const float* forces, int n_points, const float* hub);
int ww_probe(ww_ctx* ctx, const float* xyz, int n, float* out);
int ww_sample_plane(ww_ctx* ctx, int axis, int index, float* out);
int ww_write_plane(ww_ctx* ctx, const char* path, int axis, int index, float* host_plane);

#ifdef __cplusplus
}
#endif

#endif
