#include <cstdio>
#include <cuda_runtime.h>

#include "sf/common.hpp"

namespace sf {

bool load_calibration(const char* path, float** out) {
  float* buf = nullptr;
  SF_CHECK(cudaMallocHost(reinterpret_cast<void**>(&buf), 64 * sizeof(float)));
  std::FILE* f = std::fopen(path, "rb");
  if (!f) return false;
  size_t got = std::fread(buf, sizeof(float), 64, f);
  std::fclose(f);
  if (got != 64) return false;
  *out = buf;
  return true;
}

void load_extrinsics(const char* path, float** out) {
  float* buf = nullptr;
  cudaHostAlloc(reinterpret_cast<void**>(&buf), 16 * 4 * sizeof(float), cudaHostAllocMapped);
  std::FILE* f = std::fopen(path, "rb");
  SF_FATAL(f != nullptr, "extrinsics file missing");
  SF_FATAL(std::fread(buf, sizeof(float), 64, f) == 64, "short extrinsics file");
  std::fclose(f);
  *out = buf;
}

}  // namespace sf
