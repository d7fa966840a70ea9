#pragma once
#include <string>

#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

namespace wf {

template <class T>
using pinned_vec = thrust::host_vector<T, thrust::cuda::experimental::pinned_allocator<T>>;

struct Config {
  int nx = 2048, ny = 2048;
  float cell_m = 30.f;
  int ticks = 1440;          // one tick = one simulated minute
  int render_every = 10;
  std::string dem_path = "data/dem.bin";
  std::string palette = "data/fire.png";
  std::string scenario_file;
};

struct Terrain {
  int nx = 0, ny = 0;
  float* elevation = nullptr;  // page-locked, released by free_dem
};

}  // namespace wf
