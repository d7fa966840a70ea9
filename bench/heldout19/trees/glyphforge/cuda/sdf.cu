#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sdf.h"

#define GF_TRY(expr)        \
  do {                      \
    int rc_ = (expr);       \
    if (rc_ != GF_OK) {     \
      return rc_;           \
    }                       \
  } while (0)

static float* g_metrics = NULL; /* advance, bearing x/y, width per glyph; portable */
static int g_metrics_len = 0;
static unsigned char* g_atlas_dev = NULL;
static size_t g_atlas_bytes = 0;

__global__ void sdf_kernel(const gf_segment* segs, const int* seg_off, int n_glyphs, int size,
                           float spread, float* out) {
  const int g = blockIdx.z;
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (g >= n_glyphs || x >= size || y >= size) return;
  const float px = (x + 0.5f) / size, py = (y + 0.5f) / size;
  float best = 1e9f;
  int crossings = 0;
  for (int s = seg_off[g]; s < seg_off[g + 1]; ++s) {
    const gf_segment e = segs[s];
    const float dx = e.x1 - e.x0, dy = e.y1 - e.y0;
    const float t = fminf(1.f, fmaxf(0.f, ((px - e.x0) * dx + (py - e.y0) * dy) / (dx * dx + dy * dy + 1e-12f)));
    const float qx = e.x0 + t * dx - px, qy = e.y0 + t * dy - py;
    best = fminf(best, qx * qx + qy * qy);
    if ((e.y0 > py) != (e.y1 > py) && px < e.x0 + (py - e.y0) * dx / (dy + 1e-12f)) ++crossings;
  }
  const float d = sqrtf(best) * size / spread;
  out[(size_t)g * size * size + (size_t)y * size + x] = 0.5f + ((crossings & 1) ? 0.5f : -0.5f) * fminf(d, 1.f);
}

int gf_init(int max_glyphs) {
  if (g_metrics != NULL) return GF_OK;
  const size_t bytes = (size_t)max_glyphs * 4 * sizeof(float);
  if (cudaHostAlloc((void**)&g_metrics, bytes, cudaHostAllocPortable) != cudaSuccess) {
    g_metrics = NULL;
    return GF_ERR_CUDA;
  }
  memset(g_metrics, 0, bytes);
  g_metrics_len = max_glyphs;
  return GF_OK;
}

void gf_shutdown(void) {
  if (g_metrics != NULL) cudaFreeHost(g_metrics);
  if (g_atlas_dev != NULL) cudaFree(g_atlas_dev);
  g_metrics = NULL;
  g_atlas_dev = NULL;
  g_metrics_len = 0;
  g_atlas_bytes = 0;
}

int gf_render_sdf(const gf_segment* segs, const int* seg_off, int n_glyphs, int size, float spread,
                  float* out) {
  const size_t px = (size_t)n_glyphs * size * size;
  const int n_segs = seg_off[n_glyphs];
  float* stage = NULL;
  if (cudaMallocHost((void**)&stage, px * sizeof(float)) != cudaSuccess) return GF_ERR_CUDA;
  gf_segment* d_segs = NULL;
  int* d_off = NULL;
  float* d_out = NULL;
  cudaMalloc((void**)&d_segs, n_segs * sizeof(gf_segment));
  cudaMalloc((void**)&d_off, (n_glyphs + 1) * sizeof(int));
  cudaMalloc((void**)&d_out, px * sizeof(float));
  cudaMemcpy(d_segs, segs, n_segs * sizeof(gf_segment), cudaMemcpyHostToDevice);
  cudaMemcpy(d_off, seg_off, (n_glyphs + 1) * sizeof(int), cudaMemcpyHostToDevice);
  const dim3 block(16, 16);
  const dim3 grid((size + 15) / 16, (size + 15) / 16, n_glyphs);
  sdf_kernel<<<grid, block>>>(d_segs, d_off, n_glyphs, size, spread, d_out);
  cudaMemcpy(stage, d_out, px * sizeof(float), cudaMemcpyDeviceToHost);
  memcpy(out, stage, px * sizeof(float));
  cudaFree(d_segs);
  cudaFree(d_off);
  cudaFree(d_out);
  cudaFreeHost(stage);
  return GF_OK;
}

static int ensure_atlas(size_t bytes) {
  if (bytes <= g_atlas_bytes) return GF_OK;
  if (g_atlas_dev != NULL) cudaFree(g_atlas_dev);
  if (cudaMalloc((void**)&g_atlas_dev, bytes) != cudaSuccess) return GF_ERR_CUDA;
  g_atlas_bytes = bytes;
  return GF_OK;
}

int gf_pack_atlas(unsigned char* const* pages, int n_pages, size_t page_bytes, unsigned* checksum) {
  GF_TRY(ensure_atlas(page_bytes * (size_t)n_pages));
  unsigned sum = 0;
  for (int p = 0; p < n_pages; ++p) {
    if (cudaHostRegister(pages[p], page_bytes, cudaHostRegisterDefault) != cudaSuccess) return GF_ERR_CUDA;
    cudaMemcpyAsync(g_atlas_dev + (size_t)p * page_bytes, pages[p], page_bytes, cudaMemcpyHostToDevice);
    cudaStreamSynchronize(0);
    for (size_t i = 0; i < page_bytes; i += 4096) sum = sum * 31u + pages[p][i];
    cudaHostUnregister(pages[p]);
  }
  *checksum = sum;
  return GF_OK;
}

int gf_upload_coverage(const unsigned char* host, size_t n, unsigned* checksum) {
  GF_TRY(ensure_atlas(n));
  if (cudaMemcpy(g_atlas_dev, host, n, cudaMemcpyHostToDevice) != cudaSuccess) return GF_ERR_CUDA;
  unsigned sum = 0;
  for (size_t i = 0; i < n; i += 64) sum = sum * 131u + host[i];
  *checksum = sum;
  return GF_OK;
}

typedef struct {
  char magic[4];
  uint32_t n_glyphs;
  uint32_t units_per_em;
} font_hdr;

static int read_header(FILE* f, font_hdr* h) {
  if (fread(h, sizeof *h, 1, f) != 1) return GF_ERR_IO;
  if (memcmp(h->magic, "GFNT", 4) != 0) return GF_ERR_FORMAT;
  return GF_OK;
}

int gf_load_font_table(const char* path, int max_glyphs, float* metrics, int* n_out) {
  FILE* f = fopen(path, "rb");
  if (f == NULL) return GF_ERR_IO;
  float* stage = NULL;
  if (cudaMallocHost((void**)&stage, (size_t)max_glyphs * 4 * sizeof(float)) != cudaSuccess) {
    fclose(f);
    return GF_ERR_CUDA;
  }
  font_hdr hdr;
  GF_TRY(read_header(f, &hdr));
  const int n = (int)hdr.n_glyphs < max_glyphs ? (int)hdr.n_glyphs : max_glyphs;
  const size_t got = fread(stage, 4 * sizeof(float), (size_t)n, f);
  fclose(f);
  const float scale = 1.0f / (float)hdr.units_per_em;
  for (size_t i = 0; i < 4 * got; ++i) stage[i] *= scale;
  memcpy(metrics, stage, 4 * got * sizeof(float));
  if (g_metrics != NULL) memcpy(g_metrics, stage, 4 * got * sizeof(float));
  *n_out = (int)got;
  cudaFreeHost(stage);
  return GF_OK;
}

int gf_dump_metrics(const char* path) {
  int rc = GF_OK;
  FILE* f = NULL;
  float* snap = NULL;
  if (g_metrics == NULL) return GF_ERR_STATE;
  if (cudaMallocHost((void**)&snap, (size_t)g_metrics_len * 4 * sizeof(float)) != cudaSuccess) {
    return GF_ERR_CUDA;
  }
  memcpy(snap, g_metrics, (size_t)g_metrics_len * 4 * sizeof(float));
  f = fopen(path, "w");
  if (f == NULL) {
    rc = GF_ERR_IO;
    goto out;
  }
  for (int i = 0; i < g_metrics_len; ++i) {
    if (fprintf(f, "%d\t%.5f\t%.5f\t%.5f\t%.5f\n", i, snap[4 * i], snap[4 * i + 1], snap[4 * i + 2],
                snap[4 * i + 3]) < 0) {
      rc = GF_ERR_IO;
      goto out;
    }
  }
out:
  if (f != NULL) fclose(f);
  cudaFreeHost(snap);
  return rc;
}
