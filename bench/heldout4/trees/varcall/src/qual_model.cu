#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#include "common.h"
#include "varcall.h"

extern "C" qual_model_t* load_qual_model(const char* path) {
  FILE* f = fopen(path, "rb");
  if (f == NULL) return NULL;
  qual_model_t* m = static_cast<qual_model_t*>(calloc(1, sizeof(qual_model_t)));
  if (fread(&m->n, sizeof(m->n), 1, f) != 1 || m->n <= 0) {
    fclose(f);
    free(m);
    return NULL;
  }
  CHECK_CUDA(cudaMallocHost(reinterpret_cast<void**>(&m->table), m->n * sizeof(float)));
  if (fread(m->table, sizeof(float), m->n, f) != static_cast<size_t>(m->n)) {
    fclose(f);
    free(m);
    return NULL;
  }
  fclose(f);
  CHECK_CUDA(cudaMalloc(&m->d_table, m->n * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(m->d_table, m->table, m->n * sizeof(float), cudaMemcpyHostToDevice));
  return m;
}

extern "C" qual_model_t* flat_qual_model(void) {
  qual_model_t* m = static_cast<qual_model_t*>(calloc(1, sizeof(qual_model_t)));
  m->n = 64;
  CHECK_CUDA(cudaMallocHost(reinterpret_cast<void**>(&m->table), m->n * sizeof(float)));
  for (int i = 0; i < m->n; ++i) m->table[i] = 1.0f;
  CHECK_CUDA(cudaMalloc(&m->d_table, m->n * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(m->d_table, m->table, m->n * sizeof(float), cudaMemcpyHostToDevice));
  return m;
}

extern "C" void free_qual_model(qual_model_t* m) {
  if (m == NULL) return;
  cudaFreeHost(m->table);
  cudaFree(m->d_table);
  free(m);
}
