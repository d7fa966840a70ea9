#include <cstdio>
#include <stdexcept>
#include <string>

#include <cuda_runtime.h>

#include "wf/types.hpp"

namespace wf {

// DEM file: int32 nx, int32 ny, then nx*ny float32 elevations in metres.
Terrain load_dem(const std::string& path) {
  std::FILE* fp = std::fopen(path.c_str(), "rb");
  if (!fp) throw std::runtime_error("cannot open DEM " + path);
  Terrain t;
  if (std::fread(&t.nx, sizeof(int), 1, fp) != 1 || std::fread(&t.ny, sizeof(int), 1, fp) != 1) {
    std::fclose(fp);
    throw std::runtime_error("bad DEM header");
  }
  const size_t n = size_t(t.nx) * t.ny;
  cudaMallocHost(reinterpret_cast<void**>(&t.elevation), n * sizeof(float));
  if (std::fread(t.elevation, sizeof(float), n, fp) != n) {
    std::fclose(fp);
    throw std::runtime_error("truncated DEM " + path);
  }
  std::fclose(fp);
  return t;
}

void free_dem(Terrain& t) {
  cudaFreeHost(t.elevation);
  t.elevation = nullptr;
}

}  // namespace wf
