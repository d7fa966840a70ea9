#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include "ebl/pinned_allocator.hpp"

namespace ebl {

struct Polygon {
  std::vector<int32_t> xy;  // nm, closed ring
  uint16_t layer = 0;
};

struct Shot {
  int32_t x, y;   // nm
  int32_t w, h;   // nm
  float dose;     // relative to base dose
};

using ShotList = std::vector<Shot, PinnedAllocator<Shot>>;

struct Tile {
  int64_t id = 0;
  int32_t x0 = 0, y0 = 0;  // nm
  std::vector<Polygon> polys;
  bool valid = true;
};

struct PecConfig {
  int grid = 1024;             // raster size per tile
  float pixel_nm = 20.f;
  float alpha_nm = 30.f;       // forward scattering range
  float beta_nm = 9500.f;      // backscattering range
  float eta = 0.6f;            // backscatter ratio
  int iterations = 6;
  float fogging_range_um = 1000.f;
  float fogging_ratio = 0.05f;
  int max_shots = 1 << 20;
  std::string layout = "design.oas";
  std::string out = "corrected.shots";
};

}  // namespace ebl
