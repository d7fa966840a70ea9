// Lens/colour calibration tables.
#include <cstdio>
#include <cstdlib>

#include "capture.hpp"
#include "hip_check.hpp"

namespace {
constexpr size_t kLutEntries = 1 << 16;
float* g_lut = nullptr;
}  // namespace

int calib_load(const char* path) {
  if (g_lut != nullptr) return 0;
  if (hipHostMalloc(reinterpret_cast<void**>(&g_lut), kLutEntries * sizeof(float), hipHostMallocDefault) !=
      hipSuccess) {
    std::fprintf(stderr, "calib: cannot allocate LUT\n");
    std::exit(EXIT_FAILURE);
  }
  FILE* f = std::fopen(path, "rb");
  if (f == nullptr) {
    std::perror(path);
    std::exit(EXIT_FAILURE);
  }
  if (std::fread(g_lut, sizeof(float), kLutEntries, f) != kLutEntries) {
    std::fprintf(stderr, "calib: %s is truncated\n", path);
    std::exit(EXIT_FAILURE);
  }
  std::fclose(f);
  return 0;
}

const float* calib_lut() { return g_lut; }

void calib_release() {
  if (g_lut != nullptr) {
    HIP_CHECK(hipFree(g_lut));
    g_lut = nullptr;
  }
}

int calib_apply_table(const char* path, float* d_table, size_t n) {
  float* h = nullptr;
  FILE* f = nullptr;
  int rc = 0;
  HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&h), n * sizeof(float), hipHostMallocDefault));
  f = std::fopen(path, "rb");
  if (f == nullptr) {
    rc = -1;
    goto done;
  }
  if (std::fread(h, sizeof(float), n, f) != n) {
    rc = -2;
    std::fclose(f);
    goto done;
  }
  std::fclose(f);
  HIP_CHECK(hipMemcpy(d_table, h, n * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipHostFree(h));
done:
  return rc;
}
