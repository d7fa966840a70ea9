#include <math.h>
#include <hip/hip_runtime.h>

#include "mrr.h"
#include "mrr_util.h"

/* Pipe-Menon density compensation; depends only on the trajectory, so it is cached by id. */
static int cached_id = -2;
static float* cached_dcf = NULL;

extern "C" const float* mrr_dcf(mrr_plan* plan, int traj_id) {
  if (cached_dcf && cached_id == traj_id) return cached_dcf;
  if (cached_dcf) (void)hipHostFree(cached_dcf);
  MRR_DIE(hipHostMalloc((void**)&cached_dcf, (size_t)plan->n_samples * sizeof(float), hipHostMallocDefault));
  for (int i = 0; i < plan->n_samples; ++i) {
    float kx = plan->traj[2 * i], ky = plan->traj[2 * i + 1];
    cached_dcf[i] = sqrtf(kx * kx + ky * ky) + 1.f / plan->n_samples;
  }
  cached_id = traj_id;
  return cached_dcf;
}
