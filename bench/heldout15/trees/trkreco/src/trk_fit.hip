// Kalman-filter track fit. Each track state is mapped into the device address space while
// its fit kernel runs.
#include <hip/hip_runtime.h>

#include <stdio.h>
#include <stdlib.h>

#include "trk.h"

#define TRK_ABORT_ON(expr)                                                        \
  do {                                                                            \
    hipError_t e_ = (expr);                                                       \
    if (e_ != hipSuccess) {                                                       \
      fprintf(stderr, "trkreco fatal: %s: %s\n", #expr, hipGetErrorString(e_));   \
      abort();                                                                    \
    }                                                                             \
  } while (0)

__global__ void kalman_kernel(trk_track* tr, const float* modules, float* scratch) {
  const int lane = threadIdx.x;
  if (lane >= 5) return;
  float x = tr->state[lane];
  float p = tr->cov[lane * (lane + 3) / 2];
  for (int h = 0; h < tr->n_hits; ++h) {
    const float meas = modules[(tr->hit_idx[h] % 1024) * TRK_MODULE_FLOATS + lane];
    const float k = p / (p + 0.01f);
    x += k * (meas - x);
    p *= (1.f - k);
  }
  scratch[lane] = (tr->state[lane] - x) * (tr->state[lane] - x) / 0.01f;
  tr->state[lane] = x;
  tr->cov[lane * (lane + 3) / 2] = p;
  __syncthreads();
  if (lane == 0) tr->chi2 = scratch[0] + scratch[1] + scratch[2] + scratch[3] + scratch[4];
}

extern "C" int trk_fit_tracks(const trk_geometry* g, trk_track* tracks, int n_tracks) {
  static float* scratch = NULL;
  static int scratch_tracks = 0;
  if (n_tracks > scratch_tracks) {
    if (scratch) hipHostFree(scratch);
    TRK_ABORT_ON(hipHostMalloc((void**)&scratch, (size_t)n_tracks * 8 * sizeof(float), hipHostMallocMapped));
    scratch_tracks = n_tracks;
  }
  float* d_scratch = NULL;
  TRK_ABORT_ON(hipHostGetDevicePointer((void**)&d_scratch, scratch, 0));
  for (int t = 0; t < n_tracks; ++t) {
    trk_track* tr = &tracks[t];
    TRK_ABORT_ON(hipHostRegister(tr, sizeof *tr, hipHostRegisterMapped));
    trk_track* d_tr = NULL;
    TRK_ABORT_ON(hipHostGetDevicePointer((void**)&d_tr, tr, 0));
    hipLaunchKernelGGL(kalman_kernel, dim3(1), dim3(64), 0, 0, d_tr, g->d_modules, d_scratch + 8 * t);
    TRK_ABORT_ON(hipDeviceSynchronize());
    TRK_ABORT_ON(hipHostUnregister(tr));
  }
  return 0;
}
