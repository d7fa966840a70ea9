#include <string.h>

#include "rv_internal.h"

extern "C" int rv_init(rv_ctx** out, int n_points, int max_phases) {
  if (out == NULL || n_points <= 0 || max_phases <= 0 || max_phases > 16) return RV_EARG;
  rv_ctx* c = (rv_ctx*)calloc(1, sizeof *c);
  if (c == NULL) return RV_ENOMEM;
  c->n_points = n_points;
  c->max_phases = max_phases;
  const size_t n_params = RV_GLOBAL + (size_t)max_phases * RV_PER_PHASE;
  if (cudaHostAlloc((void**)&c->h_params, n_params * sizeof(double), cudaHostAllocPortable) != cudaSuccess) {
    free(c);
    return RV_ENOMEM;
  }
  cudaStreamCreateWithFlags(&c->stream, cudaStreamNonBlocking);
  cudaMalloc((void**)&c->d_params, n_params * sizeof(double));
  cudaMalloc((void**)&c->d_tth, (size_t)n_points * sizeof(double));
  cudaMalloc((void**)&c->d_ycalc, (size_t)n_points * sizeof(double));
  cudaMalloc((void**)&c->d_w, (size_t)n_points * sizeof(double));
  *out = c;
  return RV_OK;
}

extern "C" void rv_destroy(rv_ctx* c) {
  if (c == NULL) return;
  cudaStreamSynchronize(c->stream);
  cudaFreeHost(c->h_params);
  if (c->h_instr != NULL) cudaFreeHost(c->h_instr);
  for (int p = 0; p < c->max_phases; ++p) cudaFree(c->d_refl[p]);
  cudaFree(c->d_params);
  cudaFree(c->d_tth);
  cudaFree(c->d_ycalc);
  cudaFree(c->d_w);
  cudaStreamDestroy(c->stream);
  free(c);
}

extern "C" int rv_set_two_theta(rv_ctx* c, const double* tth, int n) {
  if (n != c->n_points) return RV_EARG;
  return cudaMemcpy(c->d_tth, tth, (size_t)n * sizeof(double), cudaMemcpyHostToDevice) == cudaSuccess ? RV_OK
                                                                                                  : RV_ECUDA;
}

/* GSAS-style instrument parameter file: lines "INS  1PRCF11  U V W" etc. We keep 64 numbers. */
extern "C" int rv_load_instrument(rv_ctx* c, const char* prm_path) {
  FILE* fp = fopen(prm_path, "r");
  if (fp == NULL) return RV_EIO;
  if (cudaMallocHost((void**)&c->h_instr, 64 * sizeof(double)) != cudaSuccess) {
    fclose(fp);
    return RV_ENOMEM;
  }
  memset(c->h_instr, 0, 64 * sizeof(double));
  char line[256];
  int n = 0;
  while (fgets(line, sizeof line, fp) != NULL && n < 64) {
    if (strncmp(line, "INS", 3) != 0) continue;
    double v[3];
    const int got = sscanf(line + 16, "%lf %lf %lf", &v[0], &v[1], &v[2]);
    if (got <= 0) RV_FATAL("malformed INS record in instrument file");
    for (int i = 0; i < got && n < 64; ++i) c->h_instr[n++] = v[i];
  }
  fclose(fp);
  if (n < 6) RV_FATAL("instrument file lacks the Caglioti and shape terms");
  return RV_OK;
}

extern "C" const char* rv_strerror(int rc) {
  static const char* msg[] = {"ok", "i/o error", "out of memory", "bad argument", "cuda error", "parse error"};
  return (rc >= 0 && rc <= RV_EPARSE) ? msg[rc] : "unknown error";
}
