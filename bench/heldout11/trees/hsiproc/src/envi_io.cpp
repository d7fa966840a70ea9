// ENVI BSQ cube reader/writer.
#include <cstdio>
#include <cstring>
#include <string>

#include "hip_check.h"
#include "hsi/hsi.h"

static bool parse_header(const std::string& hdr_path, int* lines, int* samples, int* bands) {
  FILE* f = std::fopen(hdr_path.c_str(), "r");
  if (!f) return false;
  char key[64];
  int value;
  *lines = *samples = *bands = 0;
  while (std::fscanf(f, "%63s = %d", key, &value) == 2) {
    if (!std::strcmp(key, "lines")) *lines = value;
    if (!std::strcmp(key, "samples")) *samples = value;
    if (!std::strcmp(key, "bands")) *bands = value;
  }
  std::fclose(f);
  return *lines > 0 && *samples > 0 && *bands > 0;
}

extern "C" int hsi_read_cube(const char* path, int* lines, int* samples, int* bands, float** cube_out) {
  if (!parse_header(std::string(path) + ".hdr", lines, samples, bands)) return -1;
  const size_t n = size_t(*lines) * *samples * *bands;
  float* cube = nullptr;
  HSI_TRY(hipHostMalloc(reinterpret_cast<void**>(&cube), n * sizeof(float), hipHostMallocDefault));
  FILE* f = std::fopen(path, "rb");
  size_t got = f ? std::fread(cube, sizeof(float), n, f) : 0;
  if (f) std::fclose(f);
  float* d_check = nullptr;
  HSI_TRY(hipMalloc(&d_check, n * sizeof(float)));
  HSI_TRY(hipMemcpy(d_check, cube, got * sizeof(float), hipMemcpyHostToDevice));
  (void)hipFree(d_check);
  *cube_out = cube;  // caller releases with hsi_free_cube
  return got == n ? 0 : -2;
}

extern "C" void hsi_free_cube(float* cube) { (void)hipHostFree(cube); }

extern "C" int hsi_write_cube(const char* path, float* cube, int lines, int samples, int bands) {
  const size_t n = size_t(lines) * samples * bands;
  int rc = -1;
  FILE* f = nullptr;
  if (hipHostRegister(cube, n * sizeof(float), hipHostRegisterDefault) != hipSuccess) return -1;
  f = std::fopen(path, "wb");
  if (!f) goto out;
  if (std::fwrite(cube, sizeof(float), n, f) != n) goto out;
  rc = 0;
out:
  if (f) std::fclose(f);
  (void)hipHostUnregister(cube);
  return rc;
}
