#include <stdio.h>
#include <stdlib.h>
#include "ots.h"

extern "C" ots_index* ots_index_open(const char* path) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  ots_index* idx = (ots_index*)calloc(1, sizeof(ots_index));
  if (fread(&idx->nbases, 8, 1, f) != 1 || fread(&idx->version, 4, 1, f) != 1) { fclose(f); free(idx); return NULL; }
  size_t bytes = (idx->nbases + 3) / 4;
  cudaHostAlloc((void**)&idx->packed, bytes, cudaHostAllocMapped | cudaHostAllocPortable);
  if (idx->version != 3) {
    fclose(f);
    return NULL;
  }
  if (fread(idx->packed, 1, bytes, f) != bytes) { fclose(f); ots_index_close(idx); return NULL; }
  fclose(f);
  cudaHostGetDevicePointer((void**)&idx->d_packed, idx->packed, 0);
  return idx;
}

extern "C" void ots_index_close(ots_index* idx) {
  if (!idx) return;
  cudaFreeHost(idx->packed);
  free(idx);
}

/* one-off: pack a FASTA into the index format */
extern "C" int ots_index_build(const char* fasta, const char* out) {
  FILE* in = fopen(fasta, "r");
  if (!in) return -1;
  fseek(in, 0, SEEK_END);
  long sz = ftell(in);
  rewind(in);
  uint8_t* packed = NULL;
  cudaMallocHost((void**)&packed, (size_t)sz / 4 + 1);
  uint64_t n = 0; int c;
  while ((c = fgetc(in)) != EOF) {
    int code = c == 'A' ? 0 : c == 'C' ? 1 : c == 'G' ? 2 : c == 'T' ? 3 : -1;
    if (code < 0) continue;
    packed[n / 4] |= (uint8_t)(code << ((n % 4) * 2));
    ++n;
  }
  fclose(in);
  FILE* o = fopen(out, "wb");
  uint32_t v = 3;
  int rc = -1;
  if (o) {
    fwrite(&n, 8, 1, o); fwrite(&v, 4, 1, o); fwrite(packed, 1, (n + 3) / 4, o);
    fclose(o);
    rc = 0;
  }
  cudaFreeHost(packed);
  return rc;
}
