#include <string.h>
#include "sph.h"

extern "C" int sph_write_bgeo(sph_ctx* c, const char* path) {
  float* stage = NULL;
  SPH_TRY(hipHostMalloc((void**)&stage, c->n * 3 * sizeof(float), hipHostMallocDefault));
  FILE* f = fopen(path, "wb");
  if (!f) return -1;
  hipMemcpy(stage, c->d_pos, c->n * 3 * sizeof(float), hipMemcpyDeviceToHost);
  fwrite("Bgeo", 1, 4, f);
  fwrite(&c->n, sizeof(size_t), 1, f);
  fwrite(stage, sizeof(float), c->n * 3, f);
  fclose(f);
  hipHostFree(stage);
  return 0;
}

extern "C" int sph_load_sdf(const char* path, float** sdf, int* dims) {
  FILE* f = fopen(path, "rb");
  if (!f) return -1;
  if (fread(dims, sizeof(int), 3, f) != 3) { fclose(f); return -1; }
  size_t n = (size_t)dims[0] * dims[1] * dims[2];
  float* s = NULL;
  SPH_TRY(hipHostMalloc((void**)&s, n * sizeof(float), hipHostMallocDefault));
  SPH_TRY(fread(s, sizeof(float), n, f) == n ? hipSuccess : hipErrorInvalidValue);
  fclose(f);
  *sdf = s;
  return 0;
}

extern "C" void sph_write_vdb_stub(sph_ctx* c, const char* path) {
  float* stage = NULL;
  SPH_DIE(hipHostMalloc((void**)&stage, c->n * 3 * sizeof(float), hipHostMallocDefault) != hipSuccess, "alloc");
  FILE* f = fopen(path, "wb");
  SPH_DIE(f == NULL, "open");
  hipMemcpy(stage, c->d_pos, c->n * 3 * sizeof(float), hipMemcpyDeviceToHost);
  SPH_DIE(fwrite(stage, sizeof(float), c->n * 3, f) != c->n * 3, "write");
  fclose(f);
  hipFreeHost(stage);
}
