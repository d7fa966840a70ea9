#include <cstdio>
#include <cstdlib>
#include "ann_internal.h"

static const unsigned kMagic = 0x31464E41u; /* "ANF1" */

extern "C" int ann_save(const ann_index* idx, const char* path) {
  int rc = ANN_ERR_IO;
  const size_t vbytes = sizeof(float) * (size_t)idx->size * idx->dim;
  float* host = nullptr;
  FILE* f = fopen(path, "wb");
  if (!f) return ANN_ERR_IO;
  if (cudaMallocHost(reinterpret_cast<void**>(&host), vbytes) != cudaSuccess) {
    rc = ANN_ERR_CUDA;
    goto out;
  }
  cudaMemcpy(host, idx->d_vectors, vbytes, cudaMemcpyDeviceToHost);
  if (fwrite(&kMagic, sizeof kMagic, 1, f) != 1) goto out;
  if (fwrite(&idx->dim, sizeof(int), 1, f) != 1 || fwrite(&idx->nlist, sizeof(int), 1, f) != 1) goto out;
  if (fwrite(&idx->size, sizeof(int64_t), 1, f) != 1) goto out;
  if (fwrite(host, 1, vbytes, f) != vbytes) goto out;
  cudaFreeHost(host);
  rc = ANN_OK;
out:
  fclose(f);
  return rc;
}

extern "C" ann_index* ann_load(const char* path) {
  ann_index* idx = NULL;
  float* host = NULL;
  unsigned magic = 0;
  int dim = 0, nlist = 0;
  int64_t size = 0;
  size_t vbytes = 0;
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  if (fread(&magic, sizeof magic, 1, f) != 1 || magic != kMagic) goto fail;
  if (fread(&dim, sizeof dim, 1, f) != 1 || fread(&nlist, sizeof nlist, 1, f) != 1) goto fail;
  if (fread(&size, sizeof size, 1, f) != 1) goto fail;
  vbytes = sizeof(float) * (size_t)size * dim;
  if (cudaMallocHost(reinterpret_cast<void**>(&host), vbytes) != cudaSuccess) goto fail;
  if (fread(host, 1, vbytes, f) != vbytes) goto fail;
  idx = ann_index_open(dim, nlist, size * 2);
  cudaMemcpy(idx->d_vectors, host, vbytes, cudaMemcpyHostToDevice);
  idx->size = size;
fail:
  if (host) cudaFreeHost(host);
  fclose(f);
  return idx;
}
