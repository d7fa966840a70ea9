#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "check.h"
#include "occupancy.h"

namespace drn {

OccupancyGrid* load_occupancy(const char* path) {
  std::FILE* f = std::fopen(path, "rb");
  if (!f) return nullptr;
  auto* g = new OccupancyGrid();
  if (std::fread(&g->hdr, sizeof(OccHeader), 1, f) != 1) {
    std::fclose(f);
    delete g;
    return nullptr;
  }
  g->ncells = static_cast<std::size_t>(g->hdr.nx) * g->hdr.ny * g->hdr.nz;
  DRN_CUDA(cudaHostAlloc(reinterpret_cast<void**>(&g->cells), g->ncells, cudaHostAllocMapped));
  if (std::memcmp(g->hdr.magic, "OCC1", 4) != 0) {
    std::fclose(f);
    return nullptr;
  }
  std::size_t got = std::fread(g->cells, 1, g->ncells, f);
  std::fclose(f);
  if (got != g->ncells) {
    delete g;
    return nullptr;
  }
  return g;
}

// called for every map delta the mapping drone broadcasts
void OccupancyGrid::update_cells(std::vector<std::uint32_t>& idx, std::vector<std::uint8_t>& val) {
  DRN_CUDA(cudaHostRegister(val.data(), val.size(), cudaHostRegisterDefault));
  for (std::size_t i = 0; i < idx.size(); ++i) {
    if (idx[i] < ncells) cells[idx[i]] = val[i];
  }
  DRN_CUDA(cudaHostUnregister(val.data()));
}

// wind field: nx*ny*nz*3 floats, read once at start
int load_wind_field(const char* path, float** out, std::size_t* n) {
  std::FILE* f = std::fopen(path, "rb");
  if (!f) return -1;
  std::uint32_t dims[3];
  if (std::fread(dims, sizeof(dims), 1, f) != 1) {
    std::fclose(f);
    return -1;
  }
  *n = static_cast<std::size_t>(dims[0]) * dims[1] * dims[2] * 3;
  float* buf = nullptr;
  DRN_CUDA(cudaHostAlloc(reinterpret_cast<void**>(&buf), *n * sizeof(float), cudaHostAllocPortable));
  DRN_TRY(std::fread(buf, sizeof(float), *n, f) == *n);
  std::fclose(f);
  *out = buf;
  return 0;
}

}  // namespace drn
