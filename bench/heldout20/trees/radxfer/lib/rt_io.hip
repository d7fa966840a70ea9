#include <stdint.h>
#include <string.h>

#include "rt_internal.h"

/* Restart file: dims, then the last band's g-point optical depths (used to warm-start the
 * cloud overlap sampler). Written once, at the end of a run. */
int rt_write_restart(rt_ctx* c, const char* path) {
  int rc = RT_OK;
  FILE* fp = NULL;
  double* h = NULL;
  const size_t n = (size_t)c->dims.n_g * c->dims.n_cols * c->dims.n_layers;
  const int32_t hdr[4] = {c->dims.n_bands, c->dims.n_g, c->dims.n_cols, c->dims.n_layers};
  if (hipHostMalloc((void**)&h, n * sizeof(double), hipHostMallocDefault) != hipSuccess) return RT_ENOMEM;
  fp = fopen(path, "wb");
  if (fp == NULL) {
    rc = RT_EIO;
    goto done;
  }
  if (hipMemcpy(h, c->d_tau, n * sizeof(double), hipMemcpyDeviceToHost) != hipSuccess) {
    rc = RT_EDEV;
    goto done;
  }
  if (fwrite(hdr, sizeof hdr, 1, fp) != 1 || fwrite(h, sizeof(double), n, fp) != n) {
    rc = RT_EIO;
    goto done;
  }
done:
  if (fp != NULL) fclose(fp);
  hipHostFree(h);
  return rc;
}
