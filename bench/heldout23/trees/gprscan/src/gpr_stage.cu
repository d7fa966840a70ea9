#include "gpr_internal.h"

/* Page-locked staging for trace uploads. Returns NULL (and sets the error) on failure. */
extern "C" float* gpr_stage_alloc(size_t bytes) {
  float* p = NULL;
  cudaError_t e = cudaMallocHost((void**)&p, bytes);
  if (e != cudaSuccess) {
    gpr_set_error(cudaGetErrorString(e));
    return NULL;
  }
  return p;
}

extern "C" void gpr_stage_free(float* p) {
  if (p) cudaFreeHost(p);
}
