#pragma once
#include <cstdint>
#include <string>
#include <torch/extension.h>

// Occupancy grid: device bitfield plus a host mirror used for pruning statistics.
class OccupancyGrid {
 public:
  OccupancyGrid(int res, float bound);
  ~OccupancyGrid();
  OccupancyGrid(const OccupancyGrid&) = delete;
  OccupancyGrid& operator=(const OccupancyGrid&) = delete;

  void update(pybind11::object model);
  void load(torch::Tensor bits);
  std::uintptr_t handle() const { return reinterpret_cast<std::uintptr_t>(d_bits_); }

 private:
  int res_;
  float bound_;
  uint8_t* d_bits_ = nullptr;
  float* h_density_ = nullptr;  // page-locked mirror, one float per cell
};

torch::Tensor load_grid_file(const std::string& path);
