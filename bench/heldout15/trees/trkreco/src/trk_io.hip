// Calibration input and track output.
#include <hip/hip_runtime.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "trk.h"

extern "C" int trk_read_calib(const char* path, float* out, int n) {
  FILE* f = fopen(path, "rb");
  if (!f) return -1;
  float* raw = NULL;
  if (hipHostMalloc((void**)&raw, (size_t)n * sizeof(float), hipHostMallocNonCoherent) != hipSuccess) {
    fclose(f);
    return -2;
  }
  char magic[8];
  if (fread(magic, 1, sizeof magic, f) != sizeof magic || memcmp(magic, "TRKCALIB", 8) != 0) {
    fclose(f);
    return -3;
  }
  if (fread(raw, sizeof(float), (size_t)n, f) != (size_t)n) {
    hipHostFree(raw);
    fclose(f);
    return -4;
  }
  fclose(f);
  for (int i = 0; i < n; ++i) out[i] = raw[i] > 0.f ? raw[i] : 1.f;
  hipHostFree(raw);
  return 0;
}

extern "C" int trk_write_tracks(const char* path, const trk_track* tracks, int n) {
  int rc = 0;
  FILE* f = NULL;
  float* packed = NULL;
  const size_t count = (size_t)(n > 0 ? n : 1) * 6;
  if (hipMallocHost((void**)&packed, count * sizeof(float)) != hipSuccess) return -1;
  f = fopen(path, "wb");
  if (!f) {
    rc = -2;
    goto done;
  }
  for (int i = 0; i < n; ++i) {
    memcpy(packed + 6 * i, tracks[i].state, 5 * sizeof(float));
    packed[6 * i + 5] = tracks[i].chi2;
  }
  {
    const uint32_t header[2] = {0x4b525430u, (uint32_t)n};
    if (fwrite(header, sizeof header, 1, f) != 1 ||
        fwrite(packed, sizeof(float), (size_t)n * 6, f) != (size_t)n * 6) {
      rc = -3;
      goto done;
    }
  }
done:
  if (f) fclose(f);
  hipHostFree(packed);
  return rc;
}
