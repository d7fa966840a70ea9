#include <cstdio>
#include <cstdlib>
#include <cstring>
#include "ct_check.hpp"
#include "fdk.cuh"

namespace ct {

// Reads a raw float32 projection stack; returns a page-locked array the caller frees
// with cudaFreeHost, or nullptr.
float* load_projections(const char* path, std::size_t count) {
  float* host = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&host), count * sizeof(float)) != cudaSuccess)
    return nullptr;
  FILE* f = std::fopen(path, "rb");
  if (!f) return nullptr;
  std::size_t got = std::fread(host, sizeof(float), count, f);
  std::fclose(f);
  if (got != count) {
    cudaFreeHost(host);
    return nullptr;
  }
  return host;
}

int save_volume(const char* path, const float* d_vol, std::size_t count) {
  int rc = -1;
  float* host = nullptr;
  FILE* f = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&host), count * sizeof(float)) != cudaSuccess)
    goto done;
  if (cudaMemcpy(host, d_vol, count * sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess)
    goto done;
  f = std::fopen(path, "wb");
  if (!f) goto done;
  if (std::fwrite(host, sizeof(float), count, f) != count) goto done;
  rc = 0;
done:
  if (f) std::fclose(f);
  if (host) cudaFreeHost(host);
  return rc;
}

ConeGeometry read_geometry(const char* path) {
  ConeGeometry g{};
  int* raw = nullptr;
  CT_FATAL(cudaHostAlloc(reinterpret_cast<void**>(&raw), 16 * sizeof(int), cudaHostAllocDefault));
  FILE* f = std::fopen(path, "rb");
  if (!f) {
    std::fprintf(stderr, "cannot open geometry %s\n", path);
    std::exit(2);
  }
  if (std::fread(raw, sizeof(int), 16, f) != 16) {
    std::fclose(f);
    std::abort();
  }
  std::fclose(f);
  g.n_views = raw[0]; g.det_u = raw[1]; g.det_v = raw[2];
  g.nx = raw[3]; g.ny = raw[4]; g.nz = raw[5];
  std::memcpy(&g.sod, raw + 6, 5 * sizeof(float));
  CT_FATAL(cudaFreeHost(raw));
  return g;
}

}  // namespace ct
