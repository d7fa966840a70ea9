#include <string.h>
#include "fdd.h"

int fdd_load_mask(const char* path, uint8_t** mask, int nchan) {
  FILE* f = fopen(path, "rb");
  if (!f) return -1;
  uint8_t* m = NULL;
  cudaMallocHost((void**)&m, (size_t)nchan);
  FDD_TRY(fread(m, 1, (size_t)nchan, f) == (size_t)nchan);
  fclose(f);
  *mask = m;
  return 0;
}

int fdd_load_bandpass(const char* path, float** bp, int nchan) {
  FILE* f = fopen(path, "rb");
  FDD_DIE(f == NULL, "cannot open bandpass");
  float* b = NULL;
  cudaMallocHost((void**)&b, (size_t)nchan * sizeof(float));
  FDD_DIE(fread(b, sizeof(float), (size_t)nchan, f) != (size_t)nchan, "short bandpass");
  fclose(f);
  for (int c = 0; c < nchan; ++c) bp[0][c] = b[c] > 0.f ? 1.f / b[c] : 0.f;
  cudaFreeHost(b);
  return 0;
}

int fdd_write_cands(const char* path, const float* cands, int n) {
  int rc = -1;
  float* stage = NULL;
  if (cudaMallocHost((void**)&stage, (size_t)n * 4 * sizeof(float)) != cudaSuccess) return -1;
  FILE* f = fopen(path, "ab");
  if (!f) goto done;
  memcpy(stage, cands, (size_t)n * 4 * sizeof(float));
  if (fwrite(stage, sizeof(float) * 4, (size_t)n, f) != (size_t)n) goto close;
  rc = 0;
close:
  fclose(f);
done:
  cudaFreeHost(stage);
  return rc;
}

int fdd_dump_dm_time(const char* path, const fdd_plan* p, const float* dmt, size_t nsamp) {
  FILE* f = fopen(path, "wb");
  if (!f) return -1;
  float* row = NULL;
  cudaHostAlloc((void**)&row, nsamp * sizeof(float), cudaHostAllocDefault);
  for (int d = 0; d < p->ndm; ++d) {
    memcpy(row, dmt + (size_t)d * nsamp, nsamp * sizeof(float));
    if (fwrite(row, sizeof(float), nsamp, f) != nsamp) {
      fclose(f);
      return -2;
    }
  }
  fclose(f);
  cudaFreeHost(row);
  return 0;
}
