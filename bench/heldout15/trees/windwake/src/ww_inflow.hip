// Precursor inflow: one file per (step, plane) written by scripts/precursor.py.
#include <hip/hip_runtime.h>

#include <stdio.h>

#include "ww.h"

extern "C" int ww_load_inflow_window(ww_ctx* c, const char* dir, int step) {
  const size_t n = (size_t)c->ny * c->nz * 3;
  const size_t bytes = n * sizeof(float);
  int missing = 0;
  for (int p = 0; p < c->n_planes; ++p) {
    float* plane = NULL;
    if (hipMallocHost((void**)&plane, bytes) != hipSuccess) return -1;
    char path[512];
    snprintf(path, sizeof path, "%s/inflow_%06d_%02d.bin", dir, step, p);
    FILE* f = fopen(path, "rb");
    const size_t got = f ? fread(plane, 1, bytes, f) : 0;
    if (f) fclose(f);
    if (got == bytes) {
      memcpy(c->inflow_ring + p * n, plane, bytes);
      hipMemcpyAsync(c->d_inflow + p * n, plane, bytes, hipMemcpyHostToDevice, c->stream);
      hipStreamSynchronize(c->stream);
    } else {
      ++missing;
    }
    hipHostFree(plane);
  }
  return missing;
}
