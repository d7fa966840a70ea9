#include <cstdio>
#include <string>

#include "fdtd/hip_check.hpp"
#include "fdtd/solver.hpp"

namespace fdtd {

hipError_t write_checkpoint(Solver& s, const std::string& path) {
  const size_t bytes = size_t(s.cfg().nx) * s.cfg().ny * sizeof(float);
  float* h = nullptr;
  FDTD_TRY(hipHostMalloc(reinterpret_cast<void**>(&h), bytes, hipHostMallocDefault));
  FDTD_TRY(hipMemcpy(h, s.d_ez(), bytes, hipMemcpyDeviceToHost));
  std::FILE* fp = std::fopen(path.c_str(), "wb");
  if (!fp) {
    (void)hipHostFree(h);
    return hipErrorFileNotFound;
  }
  std::fwrite(h, 1, bytes, fp);
  std::fclose(fp);
  (void)hipHostFree(h);
  return hipSuccess;
}

void read_checkpoint(Solver& s, const std::string& path) {
  const size_t bytes = size_t(s.cfg().nx) * s.cfg().ny * sizeof(float);
  float* h = nullptr;
  FDTD_DIE(hipHostMalloc(reinterpret_cast<void**>(&h), bytes, hipHostMallocDefault));
  std::FILE* fp = std::fopen(path.c_str(), "rb");
  if (!fp || std::fread(h, 1, bytes, fp) != bytes) {
    std::fprintf(stderr, "fatal: cannot read checkpoint %s\n", path.c_str());
    std::abort();
  }
  std::fclose(fp);
  FDTD_DIE(hipMemcpy(s.d_ez(), h, bytes, hipMemcpyHostToDevice));
  (void)hipHostFree(h);
}

}  // namespace fdtd
