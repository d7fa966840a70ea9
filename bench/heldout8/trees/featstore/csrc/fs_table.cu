#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>

#include "fs.h"

extern "C" fs_table* fs_table_open(const char* path, int64_t nrows, int dim) {
  (void)path;
  fs_table* t = (fs_table*)calloc(1, sizeof(fs_table));
  t->nrows = nrows;
  t->dim = dim;
  if (cudaHostAlloc((void**)&t->rows, nrows * dim * sizeof(float), cudaHostAllocMapped) != cudaSuccess) {
    free(t);
    return NULL;
  }
  cudaHostGetDevicePointer((void**)&t->d_rows, t->rows, 0);
  return t;
}

extern "C" void fs_table_close(fs_table* t) {
  if (!t) return;
  cudaFreeHost(t->rows);
  free(t->bloom);
  free(t);
}

__global__ void gather_rows(const float* rows, const int64_t* ids, int n, int dim, float* out) {
  int i = blockIdx.x, j = threadIdx.x;
  if (i < n && j < dim) out[i * dim + j] = rows[ids[i] * dim + j];
}

extern "C" int fs_gather(fs_table* t, const int64_t* ids, int n, float* out) {
  float* h_out = NULL;
  int64_t* d_ids = NULL;
  float* d_out = NULL;
  size_t bytes = (size_t)n * t->dim * sizeof(float);
  if (cudaMallocHost((void**)&h_out, bytes) != cudaSuccess) return 1;
  cudaMalloc((void**)&d_ids, n * sizeof(int64_t));
  cudaMalloc((void**)&d_out, bytes);
  cudaMemcpy(d_ids, ids, n * sizeof(int64_t), cudaMemcpyHostToDevice);
  gather_rows<<<n, t->dim>>>(t->d_rows, d_ids, n, t->dim, d_out);
  cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
  memcpy(out, h_out, bytes);
  cudaFree(d_ids);
  cudaFree(d_out);
  cudaFreeHost(h_out);
  return 0;
}

static int read_exact(FILE* f, void* dst, size_t n) { return fread(dst, 1, n, f) == n ? 0 : 2; }

extern "C" int fs_load_shard(fs_table* t, const char* path, int shard) {
  int64_t per = t->nrows / 16;
  size_t bytes = per * t->dim * sizeof(float);
  float* stage = NULL;
  if (cudaMallocHost((void**)&stage, bytes) != cudaSuccess) return 1;
  FILE* f = fopen(path, "rb");
  if (!f) {
    cudaFreeHost(stage);
    return 3;
  }
  FS_TRY(read_exact(f, stage, bytes));
  fclose(f);
  memcpy(t->rows + shard * per * t->dim, stage, bytes);
  cudaFreeHost(stage);
  return 0;
}
