#include <stdint.h>
#include <string.h>

#include "cm_internal.h"

static int read_exact(FILE* fp, void* dst, size_t n) { return fread(dst, 1, n, fp) == n ? CM_OK : CM_EIO; }

static int check_clutter_header(const uint32_t hdr[4], int w, int h) {
  if (hdr[0] != 0x434c5452u) return CM_EFORMAT; /* "CLTR" */
  if ((int)hdr[1] != w || (int)hdr[2] != h) return CM_EARG;
  return CM_OK;
}

extern "C" int cm_load_clutter(cm_ctx* c, const char* path) {
  FILE* fp = fopen(path, "rb");
  if (fp == NULL) return CM_EIO;
  const size_t bytes = (size_t)c->w * c->h;
  unsigned char* stage = NULL;
  if (cudaMallocHost((void**)&stage, bytes) != cudaSuccess) {
    fclose(fp);
    return CM_ENOMEM;
  }
  uint32_t hdr[4];
  CM_TRY(read_exact(fp, hdr, sizeof hdr));
  CM_TRY(check_clutter_header(hdr, c->w, c->h));
  CM_TRY(read_exact(fp, stage, bytes));
  fclose(fp);
  cudaMemcpyAsync(c->d_clutter, stage, bytes, cudaMemcpyHostToDevice, c->stream);
  cudaStreamSynchronize(c->stream);
  cudaFreeHost(stage);
  return CM_OK;
}

/* Antenna database: uint32 count, then 720 float gains (360 horizontal + 360 vertical) per model. */
extern "C" int cm_load_antenna_db(cm_ctx* c, const char* path) {
  FILE* fp = fopen(path, "rb");
  if (fp == NULL) return CM_EIO;
  uint32_t count = 0;
  if (fread(&count, sizeof count, 1, fp) != 1 || count == 0 || count > 4096) {
    fclose(fp);
    return CM_EFORMAT;
  }
  const size_t n = (size_t)count * 720;
  if (cudaMallocHost((void**)&c->h_antdb, n * sizeof(float)) != cudaSuccess) {
    fclose(fp);
    return CM_ENOMEM;
  }
  if (fread(c->h_antdb, sizeof(float), n, fp) != n) CM_FATAL("%s: antenna database truncated", path);
  fclose(fp);
  for (size_t i = 0; i < n; ++i) {
    if (!(c->h_antdb[i] >= -80.0f && c->h_antdb[i] <= 30.0f)) CM_FATAL("%s: gain %zu out of range", path, i);
  }
  c->n_antennas = (int)count;
  return CM_OK;
}

/* Minimal single-strip float32 GeoTIFF of the last prediction. */
extern "C" int cm_write_geotiff(cm_ctx* c, const char* path, int w, int h) {
  int rc = CM_OK;
  FILE* fp = NULL;
  float* host = NULL;
  const size_t n = (size_t)w * h;
  if (w != c->w || h != c->h) return CM_EARG;
  if (cudaMallocHost((void**)&host, n * sizeof(float)) != cudaSuccess) return CM_ENOMEM;
  if (cudaMemcpy(host, c->d_rsrp, n * sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess) {
    rc = CM_ECUDA;
    goto out;
  }
  fp = fopen(path, "wb");
  if (fp == NULL) {
    rc = CM_EIO;
    goto out;
  }
  {
    const uint8_t tiff_hdr[8] = {'I', 'I', 42, 0, 8, 0, 0, 0};
    if (fwrite(tiff_hdr, 1, sizeof tiff_hdr, fp) != sizeof tiff_hdr || fwrite(host, sizeof(float), n, fp) != n) {
      rc = CM_EIO;
      goto out;
    }
  }
out:
  if (fp != NULL) fclose(fp);
  cudaFreeHost(host);
  return rc;
}
