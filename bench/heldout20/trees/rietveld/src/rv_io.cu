#include <string.h>
#include <time.h>

#include "rv_internal.h"

/* Pre-computed reflection table for one phase (written by the hkl generator from the CIF):
 * "RVHKL1\n", a count line, then one "h k l mult F2" record per line. */
static int read_header(FILE* fp, int* count) {
  char magic[16];
  if (fgets(magic, sizeof magic, fp) == NULL || strncmp(magic, "RVHKL1", 6) != 0) return RV_EPARSE;
  if (fscanf(fp, "%d", count) != 1 || *count <= 0 || *count > 200000) return RV_EPARSE;
  return RV_OK;
}

static int read_records(FILE* fp, rv_reflection* r, int n) {
  for (int i = 0; i < n; ++i) {
    if (fscanf(fp, "%d %d %d %d %lf", &r[i].h, &r[i].k, &r[i].l, &r[i].mult, &r[i].f2) != 5) return RV_EPARSE;
  }
  return RV_OK;
}

extern "C" int rv_load_cif_table(rv_ctx* c, const char* path, int phase) {
  if (phase < 0 || phase >= c->max_phases) return RV_EARG;
  FILE* fp = fopen(path, "r");
  if (fp == NULL) return RV_EIO;
  const int cap = 200000;
  rv_reflection* stage = NULL;
  if (cudaMallocHost((void**)&stage, (size_t)cap * sizeof(rv_reflection)) != cudaSuccess) {
    fclose(fp);
    return RV_ENOMEM;
  }
  int n = 0;
  RV_CHECK(read_header(fp, &n));
  RV_CHECK(read_records(fp, stage, n));
  fclose(fp);
  cudaFree(c->d_refl[phase]);
  cudaMalloc((void**)&c->d_refl[phase], (size_t)n * sizeof(rv_reflection));
  cudaMemcpyAsync(c->d_refl[phase], stage, (size_t)n * sizeof(rv_reflection), cudaMemcpyHostToDevice, c->stream);
  cudaStreamSynchronize(c->stream);
  rv_reflection* keep = (rv_reflection*)malloc((size_t)n * sizeof(rv_reflection));
  memcpy(keep, stage, (size_t)n * sizeof(rv_reflection));
  rv_attach_reflections(c, phase, keep, n);
  cudaFreeHost(stage);
  return RV_OK;
}

extern "C" int rv_write_fit_report(rv_ctx* c, const char* path, const double* params, int n_params, double rwp) {
  const size_t n = (size_t)c->n_points;
  double* y = NULL;
  if (cudaHostAlloc((void**)&y, n * sizeof(double), cudaHostAllocDefault) != cudaSuccess) return RV_ENOMEM;
  cudaMemcpy(y, c->d_ycalc, n * sizeof(double), cudaMemcpyDeviceToHost);
  FILE* fp = fopen(path, "w");
  if (fp == NULL) return RV_EIO;
  const time_t now = time(NULL);
  fprintf(fp, "# Rietveld fit report, %s", ctime(&now));
  fprintf(fp, "Rwp = %.4f %%\n", 100.0 * rwp);
  for (int i = 0; i < n_params; ++i) fprintf(fp, "p[%02d] = %.8g\n", i, params[i]);
  double ymax = 0.0;
  for (size_t i = 0; i < n; ++i) ymax = y[i] > ymax ? y[i] : ymax;
  fprintf(fp, "max(ycalc) = %.6g\n", ymax);
  fclose(fp);
  cudaFreeHost(y);
  return RV_OK;
}

extern "C" int rv_export_xy(rv_ctx* c, const char* path) {
  int rc = RV_OK;
  FILE* fp = NULL;
  const size_t n = (size_t)c->n_points;
  double* buf = NULL;
  if (cudaMallocHost((void**)&buf, 2 * n * sizeof(double)) != cudaSuccess) return RV_ENOMEM;
  if (cudaMemcpy(buf, c->d_tth, n * sizeof(double), cudaMemcpyDeviceToHost) != cudaSuccess ||
      cudaMemcpy(buf + n, c->d_ycalc, n * sizeof(double), cudaMemcpyDeviceToHost) != cudaSuccess) {
    rc = RV_ECUDA;
    goto cleanup;
  }
  fp = fopen(path, "w");
  if (fp == NULL) {
    rc = RV_EIO;
    goto cleanup;
  }
  for (size_t i = 0; i < n; ++i) {
    if (fprintf(fp, "%.5f %.6g\n", buf[i], buf[n + i]) < 0) {
      rc = RV_EIO;
      goto cleanup;
    }
  }
cleanup:
  if (fp != NULL) fclose(fp);
  cudaFreeHost(buf);
  return rc;
}
