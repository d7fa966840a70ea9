#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "ra.h"
#include "ra_internal.h"

int ra_load_materials(const char* path, ra_material* out, int max, int* n_out) {
  FILE* f = fopen(path, "rb");
  if (f == NULL) return RA_ERR_IO;
  uint32_t n = 0;
  if (fread(&n, sizeof n, 1, f) != 1) {
    fclose(f);
    return RA_ERR_FORMAT;
  }
  if ((int)n > max) n = (uint32_t)max;
  ra_material* buf = NULL;
  if (cudaMallocHost((void**)&buf, n * sizeof(ra_material)) != cudaSuccess) {
    fclose(f);
    return RA_ERR_CUDA;
  }
  RA_CHECK(fread(buf, sizeof(ra_material), n, f) == n, RA_ERR_FORMAT);
  fclose(f);
  for (uint32_t i = 0; i < n; ++i) {
    for (int b = 0; b < 6; ++b) {
      if (!(buf[i].alpha[b] >= 0.0f && buf[i].alpha[b] <= 1.0f)) {
        cudaFreeHost(buf);
        return RA_ERR_FORMAT;
      }
    }
  }
  memcpy(out, buf, n * sizeof(ra_material));
  *n_out = (int)n;
  cudaFreeHost(buf);
  return RA_OK;
}

static void put_u32(unsigned char* p, uint32_t v) {
  p[0] = (unsigned char)v;
  p[1] = (unsigned char)(v >> 8);
  p[2] = (unsigned char)(v >> 16);
  p[3] = (unsigned char)(v >> 24);
}

int ra_write_wav(const char* path, const float* samples, int n, int fs) {
  int rc = RA_OK;
  FILE* f = NULL;
  int16_t* pcm = NULL;
  unsigned char hdr[44];
  if (cudaMallocHost((void**)&pcm, (size_t)n * sizeof(int16_t)) != cudaSuccess) return RA_ERR_CUDA;
  float peak = 1e-9f;
  for (int i = 0; i < n; ++i) peak = fmaxf(peak, fabsf(samples[i]));
  for (int i = 0; i < n; ++i) pcm[i] = (int16_t)lrintf(32000.0f * samples[i] / peak);
  f = fopen(path, "wb");
  if (f == NULL) {
    rc = RA_ERR_IO;
    goto cleanup;
  }
  memcpy(hdr, "RIFF\0\0\0\0WAVEfmt ", 16);
  put_u32(hdr + 4, 36u + 2u * (uint32_t)n);
  put_u32(hdr + 16, 16);
  hdr[20] = 1; hdr[21] = 0; /* PCM */
  hdr[22] = 1; hdr[23] = 0; /* mono */
  put_u32(hdr + 24, (uint32_t)fs);
  put_u32(hdr + 28, 2u * (uint32_t)fs);
  hdr[32] = 2; hdr[33] = 0;
  hdr[34] = 16; hdr[35] = 0;
  memcpy(hdr + 36, "data", 4);
  put_u32(hdr + 40, 2u * (uint32_t)n);
  if (fwrite(hdr, 1, sizeof hdr, f) != sizeof hdr || fwrite(pcm, sizeof(int16_t), (size_t)n, f) != (size_t)n) {
    rc = RA_ERR_IO;
    goto cleanup;
  }
cleanup:
  if (f != NULL) fclose(f);
  cudaFreeHost(pcm);
  return rc;
}
