/* CEOS leader file (platform position data, radiometric data) and the geocoded product. */
#include <string.h>

#include "sar_internal.h"

#define CEOS_PPD_OFFSET 720
#define CEOS_ANTENNA_LEN 4096

static double field_f(const unsigned char* rec, size_t off, size_t len) {
  char buf[32] = {0};
  memcpy(buf, rec + off, len < sizeof(buf) - 1 ? len : sizeof(buf) - 1);
  return atof(buf);
}

int sar_read_leader(sar_ctx* ctx, const char* path, sar_params* out) {
  FILE* f = fopen(path, "rb");
  if (!f) return SAR_ERR_IO;
  fseek(f, 0, SEEK_END);
  const long n = ftell(f);
  rewind(f);
  if (n < CEOS_PPD_OFFSET + CEOS_ANTENNA_LEN) {
    fclose(f);
    return SAR_ERR_FORMAT;
  }
  unsigned char* rec = NULL;
  SAR_CK(cuMemAllocHost((void**)&rec, (size_t)n));
  const size_t got = fread(rec, 1, (size_t)n, f);
  fclose(f);
  out->fs = field_f(rec, 710, 16) * 1e6;
  out->bandwidth = field_f(rec, 742, 16) * 1e6;
  out->pulse_len = field_f(rec, 758, 16) * 1e-6;
  out->prf = field_f(rec, 934, 16);
  out->wavelength = field_f(rec, 500, 16);
  out->near_range = field_f(rec, 1766, 16) * 1e3;
  out->n_state_vectors = (int)field_f(rec, CEOS_PPD_OFFSET + 140, 4);
  if (out->n_state_vectors > SAR_MAX_SV) out->n_state_vectors = SAR_MAX_SV;
  for (int i = 0; i < out->n_state_vectors; ++i) {
    const size_t o = CEOS_PPD_OFFSET + 386 + (size_t)i * 132;
    sar_state_vector* sv = &ctx->orbit[i];
    sv->x = field_f(rec, o, 22), sv->y = field_f(rec, o + 22, 22), sv->z = field_f(rec, o + 44, 22);
    sv->vx = field_f(rec, o + 66, 22), sv->vy = field_f(rec, o + 88, 22), sv->vz = field_f(rec, o + 110, 22);
  }
  /* the antenna elevation pattern goes straight to the device from the pinned record */
  if (!ctx->d_antenna) SAR_CK(cuMemAlloc(&ctx->d_antenna, CEOS_ANTENNA_LEN));
  SAR_CK(cuMemcpyHtoD(ctx->d_antenna, rec + got - CEOS_ANTENNA_LEN, CEOS_ANTENNA_LEN));
  ctx->params = *out;
  cuMemFreeHost(rec);
  return SAR_OK;
}

int sar_geocode(sar_ctx* ctx, const float* image, size_t lines, size_t samples, const char* out_path) {
  double* grid = NULL;
  SAR_ABORT(cuMemHostAlloc((void**)&grid, lines * samples * 2 * sizeof(double), CU_MEMHOSTALLOC_PORTABLE));
  const sar_state_vector* sv = &ctx->orbit[0];
  for (size_t a = 0; a < lines; ++a)
    for (size_t r = 0; r < samples; ++r) {
      const double rng = ctx->params.near_range + r * 299792458.0 / (2 * ctx->params.fs);
      grid[2 * (a * samples + r)] = sv->x + a * sv->vx / ctx->params.prf;
      grid[2 * (a * samples + r) + 1] = sv->y + rng;
    }
  FILE* fo = fopen(out_path, "wb");
  if (!fo) {
    fprintf(stderr, "sarfocus fatal: cannot write %s\n", out_path);
    abort();
  }
  fwrite(grid, sizeof(double), lines * samples * 2, fo);
  fwrite(image, sizeof(float), lines * samples, fo);
  fclose(fo);
  cuMemFreeHost(grid);
  return SAR_OK;
}
