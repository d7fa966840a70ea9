#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "wake.h"

int wk_write_report(wk_ctx* ctx, const char* path) {
  int rc = WK_OK;
  float* h = NULL;
  FILE* fp = NULL;
  if (cudaMallocHost((void**)&h, 4 * ctx->n * sizeof(float)) != cudaSuccess) return -1;
  if (cudaMemcpy(h, ctx->d_turbines, 4 * ctx->n * sizeof(float), cudaMemcpyDeviceToHost) !=
      cudaSuccess) {
    rc = -2;
    goto cleanup;
  }
  fp = fopen(path, "w");
  if (!fp) {
    rc = -3;
    goto cleanup;
  }
  fprintf(fp, "turbine,x,y,hub\n");
  for (int i = 0; i < ctx->n; ++i)
    fprintf(fp, "%d,%.1f,%.1f,%.1f\n", i, h[4 * i], h[4 * i + 1], h[4 * i + 2]);
cleanup:
  if (fp) fclose(fp);
  cudaFreeHost(h);
  return rc;
}
