#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "check.h"

namespace drn {

struct OccHeader {
  char magic[4];
  std::uint32_t nx, ny, nz;
  float resolution;
};

struct OccupancyGrid {
  OccHeader hdr{};
  std::uint8_t* cells = nullptr;  // mapped, read by the obstacle cost kernel
  std::size_t ncells = 0;

  void update_cells(std::vector<std::uint32_t>& idx, std::vector<std::uint8_t>& val);
  ~OccupancyGrid() {
    if (cells) cudaFreeHost(cells);
  }
};

OccupancyGrid* load_occupancy(const char* path);
int load_wind_field(const char* path, float** out, std::size_t* n);
void export_trajectories(const char* path, const std::vector<float>& log, int n_drones);

}  // namespace drn
