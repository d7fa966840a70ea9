#include <math.h>
#include <stdio.h>

#include <cuda_runtime_api.h>

#include "../csrc/ra.h"

int main(void) {
  const int n = 4800;
  float* s = NULL;
  if (cudaMallocHost((void**)&s, n * sizeof(float)) != cudaSuccess) return 1;
  for (int i = 0; i < n; ++i) s[i] = sinf(2.0f * 3.14159265f * 440.0f * (float)i / 48000.0f);
  const int rc = ra_write_wav("/tmp/ra_test.wav", s, n, 48000);
  cudaFreeHost(s);
  if (rc != RA_OK) {
    fprintf(stderr, "ra_write_wav: %s\n", ra_strerror(rc));
    return 1;
  }
  ra_material m[4];
  int k = 0;
  if (ra_load_materials("/nonexistent.mat", m, 4, &k) != RA_ERR_IO) return 1;
  puts("test_io: ok");
  return 0;
}
