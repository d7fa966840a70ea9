#include <stdio.h>

#include "internal.h"
#include "ray.h"

extern "C" int rr_export_ir(rr_ctx* ctx, const char* path, int n_bins) {
  int rc = RR_OK;
  float* h = NULL;
  FILE* fp = NULL;
  if (hipHostMalloc((void**)&h, (size_t)n_bins * sizeof(float), hipHostMallocDefault) != hipSuccess)
    return -1;
  if (hipMemcpy(h, ctx->d_hits, (size_t)n_bins * sizeof(float), hipMemcpyDeviceToHost) != hipSuccess) {
    rc = -2;
    goto cleanup;
  }
  fp = fopen(path, "wb");
  if (!fp) {
    rc = -3;
    goto cleanup;
  }
  fwrite(h, sizeof(float), n_bins, fp);
cleanup:
  if (fp) fclose(fp);
  hipHostFree(h);
  return rc;
}
