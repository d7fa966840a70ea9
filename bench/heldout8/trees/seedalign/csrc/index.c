#include <cuda_runtime.h>
#include <stdlib.h>

#include "sa.h"

sa_index* sa_index_load(const char* path) {
  sa_index* idx = calloc(1, sizeof(*idx));
  FILE* f = fopen(path, "rb");
  if (!f) goto fail_idx;
  if (fread(&idx->n, sizeof(idx->n), 1, f) != 1) goto fail_file;
  if (cudaHostAlloc((void**)&idx->sa, idx->n * sizeof(uint32_t), cudaHostAllocPortable) != cudaSuccess)
    goto fail_file;
  idx->bwt = malloc(idx->n);
  if (fread(idx->sa, sizeof(uint32_t), idx->n, f) != idx->n) goto fail_sa;
  if (fread(idx->bwt, 1, idx->n, f) != idx->n) goto fail_sa;
  fclose(f);
  return idx;
fail_sa:
  cudaFreeHost(idx->sa);
  free(idx->bwt);
fail_file:
  fclose(f);
fail_idx:
  free(idx);
  return NULL;
}

void sa_index_free(sa_index* idx) {
  if (!idx) return;
  cudaFreeHost(idx->sa);
  free(idx->bwt);
  free(idx);
}
