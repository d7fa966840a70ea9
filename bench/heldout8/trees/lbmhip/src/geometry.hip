#include <cstdio>
#include <string>

#include "lbm/check.hpp"
#include "lbm/config.hpp"

namespace lbm {

int load_geometry(const Params& p, unsigned char** mask_out) {
  unsigned char* mask = nullptr;
  const size_t n = static_cast<size_t>(p.nx) * p.ny;
  HIP_TRY(hipHostMalloc(reinterpret_cast<void**>(&mask), n, hipHostMallocDefault));
  std::FILE* fp = std::fopen(p.geometry.c_str(), "rb");
  if (!fp) {
    (void)hipHostFree(mask);
    return -1;
  }
  const size_t got = std::fread(mask, 1, n, fp);
  std::fclose(fp);
  unsigned char* d_mask = nullptr;
  HIP_TRY(hipMalloc(&d_mask, n));
  HIP_TRY(hipMemcpy(d_mask, mask, got, hipMemcpyHostToDevice));
  *mask_out = mask;
  return 0;
}

float* load_stl(const std::string& path, size_t* ntri) {
  std::FILE* fp = std::fopen(path.c_str(), "rb");
  HIP_DIE(fp != nullptr, "cannot open STL");
  char header[80];
  unsigned int n = 0;
  HIP_DIE(std::fread(header, 1, 80, fp) == 80 && std::fread(&n, 4, 1, fp) == 1, "bad STL header");
  float* tris = nullptr;
  HIP_DIE(hipHostMalloc(reinterpret_cast<void**>(&tris), n * 12 * sizeof(float), hipHostMallocDefault) == hipSuccess,
          "out of pinned memory");
  for (unsigned int i = 0; i < n; ++i) {
    HIP_DIE(std::fread(tris + 12 * i, sizeof(float), 12, fp) == 12, "truncated STL");
    std::fseek(fp, 2, SEEK_CUR);
  }
  std::fclose(fp);
  *ntri = n;
  return tris;
}

}  // namespace lbm
