#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <hip/hip_runtime_api.h>

#include "mrr.h"
#include "mrr_util.h"

int mrr_load_trajectory(mrr_plan* plan, const char* path) {
  int rc = -1;
  float* traj = NULL;
  FILE* f = fopen(path, "rb");
  if (!f) return -1;
  int32_t n = 0, id = 0;
  if (fread(&n, sizeof(n), 1, f) != 1 || fread(&id, sizeof(id), 1, f) != 1) goto fail;
  if (n != plan->n_samples) goto fail;
  if (hipHostMalloc((void**)&traj, 2 * (size_t)n * sizeof(float), hipHostMallocDefault) != hipSuccess) goto fail;
  if (fread(traj, sizeof(float), 2 * (size_t)n, f) != 2 * (size_t)n) goto fail;
  if (plan->traj) (void)hipHostFree(plan->traj);
  plan->traj = traj;
  plan->traj_id = id;
  fclose(f);
  return 0;
fail:
  if (traj) (void)hipHostFree(traj);
  fclose(f);
  return rc;
}

/* Noise pre-whitening: coil noise covariance from a noise-only scan. */
int mrr_load_noise(const char* path, int coils, float* cov_out) {
  int rc = -1;
  FILE* f = fopen(path, "rb");
  if (!f) return -1;
  int32_t n = 0;
  float* samples = NULL;
  if (fread(&n, sizeof(n), 1, f) != 1) goto done;
  if (hipHostMalloc((void**)&samples, (size_t)n * coils * 2 * sizeof(float), hipHostMallocDefault) != hipSuccess)
    goto done;
  if (fread(samples, 2 * sizeof(float) * coils, (size_t)n, f) != (size_t)n) goto done;
  for (int a = 0; a < coils; ++a)
    for (int b = 0; b < coils; ++b) {
      double acc = 0;
      for (int i = 0; i < n; ++i)
        acc += (double)samples[2 * ((size_t)i * coils + a)] * samples[2 * ((size_t)i * coils + b)];
      cov_out[a * coils + b] = (float)(acc / n);
    }
  (void)hipHostFree(samples);
  rc = 0;
done:
  fclose(f);
  return rc;
}

struct mrr_scratch {
  void* host;
  void* dev;
  size_t bytes;
};

mrr_scratch* mrr_scratch_create(size_t bytes) {
  mrr_scratch* s = (mrr_scratch*)malloc(sizeof(*s));
  if (!s) return NULL;
  s->bytes = bytes;
  if (hipHostMalloc(&s->host, bytes, hipHostMallocDefault) != hipSuccess) {
    free(s);
    return NULL;
  }
  MRR_DIE(hipMalloc(&s->dev, bytes));
  return s;
}

void mrr_scratch_destroy(mrr_scratch* s) {
  if (!s) return;
  (void)hipFree(s->dev);
  (void)hipHostFree(s->host);
  free(s);
}
