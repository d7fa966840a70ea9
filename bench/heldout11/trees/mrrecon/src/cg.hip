#include <math.h>
#include <stdio.h>
#include <string.h>
#include <hip/hip_runtime.h>

#include "mrr.h"
#include "mrr_util.h"

typedef struct {
  float* norms; /* pinned, one per iteration */
  int iters;
} residual_log;

static int init_residual_log(residual_log* log, int iters) {
  log->iters = iters;
  MRR_RET(hipMallocHost((void**)&log->norms, (size_t)iters * sizeof(float)));
  memset(log->norms, 0, (size_t)iters * sizeof(float));
  return 0;
}

static void free_residual_log(residual_log* log) { (void)hipHostFree(log->norms); }

static float dot(const float* a, const float* b, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; ++i) s += (double)a[i] * b[i];
  return (float)s;
}

extern "C" int mrr_cg_sense(mrr_plan* plan, const float* kdata, const float* sens, int coils, int iters, float* image) {
  const size_t n = 2 * (size_t)plan->nx * plan->ny;
  residual_log log;
  if (init_residual_log(&log, iters) != 0) return -1;
  float* r = (float*)calloc(n, sizeof(float));
  float* p = (float*)calloc(n, sizeof(float));
  float* tmp = (float*)calloc(n, sizeof(float));
  for (int c = 0; c < coils; ++c) {
    mrr_gridding(plan, kdata + (size_t)c * 2 * plan->n_samples, tmp);
    for (size_t i = 0; i < n; ++i) r[i] += tmp[i] * sens[(size_t)c * n + i];
  }
  memcpy(p, r, n * sizeof(float));
  memset(image, 0, n * sizeof(float));
  float rr = dot(r, r, n);
  for (int it = 0; it < iters && rr > 1e-12f; ++it) {
    float alpha = rr / (dot(p, p, n) + 1e-12f);
    for (size_t i = 0; i < n; ++i) {
      image[i] += alpha * p[i];
      r[i] -= alpha * p[i] * 0.5f;
    }
    float rr_new = dot(r, r, n);
    for (size_t i = 0; i < n; ++i) p[i] = r[i] + (rr_new / rr) * p[i];
    rr = rr_new;
    log.norms[it] = sqrtf(rr);
  }
  if (getenv("MRR_CG_VERBOSE"))
    for (int it = 0; it < iters; ++it) fprintf(stderr, "cg %d %g\n", it, log.norms[it]);
  free(r);
  free(p);
  free(tmp);
  free_residual_log(&log);
  return 0;
}
