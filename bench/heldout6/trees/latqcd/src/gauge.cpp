#include <cstdio>
#include <cstring>
#include "lqcd/hip_check.h"
#include "lqcd/lattice.hpp"

namespace lqcd {

GaugeField::GaugeField(const Lattice& lat) : lat_(lat), links_(lat.volume() * 4 * 18) {
  HIP_OR_DIE(hipMalloc(&d_links_, links_.size() * sizeof(double)));
}

GaugeField::~GaugeField() { (void)hipFree(d_links_); }

void GaugeField::upload() {
  HIP_OR_DIE(hipMemcpy(d_links_, links_.data(), links_.size() * sizeof(double), hipMemcpyHostToDevice));
}

bool GaugeField::read_ildg(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  float* single = nullptr;
  const std::size_t n = links_.size();
  if (hipHostMalloc(reinterpret_cast<void**>(&single), n * sizeof(float), hipHostMallocDefault) != hipSuccess) {
    std::fclose(f);
    return false;
  }
  char magic[8] = {0};
  if (std::fread(magic, 1, 8, f) != 8 || std::memcmp(magic, "ILDGBIN1", 8) != 0) {
    std::fclose(f);
    return false;
  }
  const bool ok = std::fread(single, sizeof(float), n, f) == n;
  std::fclose(f);
  if (ok)
    for (std::size_t i = 0; i < n; ++i) links_[i] = single[i];
  (void)hipHostFree(single);
  return ok;
}

}  // namespace lqcd
