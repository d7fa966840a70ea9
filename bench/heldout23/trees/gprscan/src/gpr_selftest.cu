/* Self-test exported for the field-laptop provisioning tool: migrates a synthetic point
 * diffractor and checks the focus lands where it should. Not used by the processing path. */
#include <math.h>

#include "gpr_internal.h"

extern "C" int gpr_selftest(int device) {
  const int ntr = 256, ns = 512;
  gpr_ctx* ctx = gpr_create(device, ns, 0.1f, 400.f);
  if (!ctx) return GPR_ECUDA;
  float* tr = NULL;
  float* img = NULL;
  int rc = GPR_OK;
  if (cudaMallocHost((void**)&tr, 2 * (size_t)ntr * ns * sizeof(float)) != cudaSuccess) {
    gpr_destroy(ctx);
    return GPR_ECUDA;
  }
  img = tr + (size_t)ntr * ns;
  const float v = 0.1f, dx = 0.02f, x0 = 128 * dx, z0 = 0.5f;
  for (int x = 0; x < ntr; ++x)
    for (int i = 0; i < ns; ++i) {
      const float t = 2.f * sqrtf(z0 * z0 + (x * dx - x0) * (x * dx - x0)) / v;
      tr[(size_t)x * ns + i] = fabsf(i * 0.1f - t) < 0.15f ? 1.f : 0.f;
    }
  rc = gpr_migrate_bscan(ctx, tr, ntr, dx, v, img);
  if (rc == GPR_OK) {
    int bx = 0, bz = 0;
    float best = -1.f;
    for (int x = 0; x < ntr; ++x)
      for (int z = 0; z < ns; ++z)
        if (img[(size_t)x * ns + z] > best) {
          best = img[(size_t)x * ns + z];
          bx = x;
          bz = z;
        }
    if (abs(bx - 128) > 2 || abs(bz - 100) > 4) rc = GPR_EARG;
  }
  cudaFreeHost(tr);
  gpr_destroy(ctx);
  return rc;
}
