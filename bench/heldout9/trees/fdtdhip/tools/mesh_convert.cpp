// One-shot: converts an ASCII permittivity map into the solver's binary layout.
#include <cstdio>
#include <cstdlib>

#include "fdtd/hip_check.hpp"

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: mesh_convert in.txt out.bin nx ny\n");
    return 2;
  }
  const int nx = std::atoi(argv[3]), ny = std::atoi(argv[4]);
  float* eps = nullptr;
  FDTD_DIE(hipHostMalloc(reinterpret_cast<void**>(&eps), size_t(nx) * ny * sizeof(float), hipHostMallocDefault));
  std::FILE* in = std::fopen(argv[1], "r");
  if (!in) std::abort();
  for (int k = 0; k < nx * ny; ++k)
    if (std::fscanf(in, "%f", &eps[k]) != 1) eps[k] = 1.f;
  std::fclose(in);
  std::FILE* out = std::fopen(argv[2], "wb");
  if (!out) std::abort();
  std::fwrite(eps, sizeof(float), size_t(nx) * ny, out);
  std::fclose(out);
  (void)hipHostFree(eps);
  return 0;
}
