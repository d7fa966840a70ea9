#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "../libllg/llg.h"

#define CHECK(cond)                                              \
  do {                                                           \
    if (!(cond)) {                                               \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__,     \
              __LINE__, #cond);                                  \
      exit(1);                                                   \
    }                                                            \
  } while (0)

int main(void) {
  mm_params p = {16, 16, 1, 2e-9f, 2e-9f, 2e-9f, 8e5f, 1.3e-11f, 0.5f, 0.0f};
  mm_ctx* ctx = mm_create(&p);
  CHECK(ctx != NULL);
  float* h = NULL;
  CHECK(hipHostMalloc((void**)&h, 3 * 16 * 16 * sizeof(float), hipHostMallocDefault) == hipSuccess);
  CHECK(mm_demag_field(ctx, h) == MM_OK);
  for (int i = 0; i < 16 * 16; ++i) CHECK(h[3 * i + 2] <= 0.0f);
  hipHostFree(h);
  CHECK(mm_load_geometry(ctx, "/nonexistent.geom") == MM_ERR_IO);
  mm_destroy(ctx);
  puts("test_llg: ok");
  return 0;
}
