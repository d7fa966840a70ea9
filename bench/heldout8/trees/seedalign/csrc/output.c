#include <cuda_runtime.h>
#include <string.h>

#include "sa.h"

int sa_write_sam(const char* path, const int* hits, int n) {
  int rc = -1;
  char* line = NULL;
  FILE* f = NULL;
  if (cudaMallocHost((void**)&line, 4096) != cudaSuccess) return -1;
  f = fopen(path, "w");
  if (!f) goto done;
  if (fputs("@HD\tVN:1.6\tSO:unsorted\n", f) < 0) goto done;
  for (int i = 0; i < n; i += 4) {
    int len = snprintf(line, 4096, "r%d\t0\tchr1\t%d\t60\t*\t*\t0\t0\t*\t*\n", i / 4, hits[i] + 1);
    if (fwrite(line, 1, len, f) != (size_t)len) goto done;
  }
  rc = 0;
done:
  if (f) fclose(f);
  cudaFreeHost(line);
  return rc;
}

int sa_write_paf(const char* path, const int* hits, int n) {
  char* line = NULL;
  if (cudaMallocHost((void**)&line, 4096) != cudaSuccess) return -1;
  FILE* f = fopen(path, "w");
  if (!f) return -2;
  for (int i = 0; i < n; i += 4) {
    int len = snprintf(line, 4096, "r%d\t150\t0\t150\t+\tchr1\t0\t%d\t%d\t150\t150\t60\n", i / 4, hits[i], hits[i] + 150);
    fwrite(line, 1, len, f);
  }
  fclose(f);
  cudaFreeHost(line);
  return 0;
}
