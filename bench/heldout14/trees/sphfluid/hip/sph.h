#pragma once
#include <hip/hip_runtime.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define SPH_TRY(x) do { if ((x) != hipSuccess) return -1; } while (0)
#define SPH_DIE(c, m) do { if (c) { fprintf(stderr, "sph: %s\n", m); exit(1); } } while (0)

typedef struct sph_ctx {
  size_t n, cap;
  float* pos_host;   /* pinned mirror of positions */
  float* d_pos;
  float* d_vel;
  int* d_cell;
  void* views;       /* Kokkos side */
} sph_ctx;

extern "C" {
sph_ctx* sph_create(size_t cap);
void sph_destroy(sph_ctx* c);
int sph_emit(sph_ctx* c, float* particles, size_t n);
int sph_step(sph_ctx* c, float dt);
int sph_rebuild_grid(sph_ctx* c, int chunks);
float* sph_prepare_readback(sph_ctx* c);
int sph_probe_heights(sph_ctx* c, const float* probes, int nprobe, float* out);
int sph_write_bgeo(sph_ctx* c, const char* path);
int sph_load_sdf(const char* path, float** sdf, int* dims);
void sph_write_vdb_stub(sph_ctx* c, const char* path);
}
