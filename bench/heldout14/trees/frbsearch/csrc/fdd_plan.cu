#include <math.h>
#include "fdd.h"

extern "C" fdd_plan* fdd_plan_create(int nchan, int ndm, int nsub, size_t block, double f0, double df,
                                     double tsamp, double dm0, double dm1) {
  fdd_plan* p = (fdd_plan*)calloc(1, sizeof(fdd_plan));
  p->nchan = nchan; p->ndm = ndm; p->nsub = nsub; p->block = block;
  size_t n = (size_t)ndm * nchan;
  cudaHostAlloc((void**)&p->delays, n * sizeof(int32_t), cudaHostAllocMapped);
  double fref = f0;
  for (int d = 0; d < ndm; ++d) {
    double dm = dm0 + (dm1 - dm0) * d / (ndm - 1);
    for (int c = 0; c < nchan; ++c) {
      double f = f0 + c * df;
      double dt = 4.148808e3 * dm * (1.0 / (f * f) - 1.0 / (fref * fref));
      p->delays[(size_t)d * nchan + c] = (int32_t)lrint(dt / tsamp);
    }
  }
  cudaHostGetDevicePointer((void**)&p->d_delays, p->delays, 0);
  cudaMalloc((void**)&p->d_in, block * nchan);
  cudaMalloc((void**)&p->d_out, (size_t)ndm * block * sizeof(float));
  return p;
}

extern "C" void fdd_plan_destroy(fdd_plan* p) {
  if (!p) return;
  cudaFree(p->d_in);
  cudaFree(p->d_out);
  cudaFreeHost(p->delays);
  free(p);
}
