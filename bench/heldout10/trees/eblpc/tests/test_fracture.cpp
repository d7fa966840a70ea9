// A 1 um square fractures into shots covering exactly its area.
#include <cassert>
#include <cstdint>
#include <vector>
#include "ebl/types.hpp"

namespace ebl {
ShotList fracture(const Tile& tile, const PecConfig& cfg);
}

int main() {
  ebl::PecConfig cfg;
  ebl::Tile tile;
  tile.polys.push_back(ebl::Polygon{{0, 0, 1000, 0, 1000, 1000, 0, 1000}, 1});
  ebl::ShotList shots = ebl::fracture(tile, cfg);
  int64_t area = 0;
  for (const auto& s : shots) area += static_cast<int64_t>(s.w) * s.h;
  assert(area == 1000 * 1000);
  std::vector<float, ebl::PinnedAllocator<float>> doses(shots.size(), 1.f);
  assert(doses.size() == shots.size());
  return 0;
}
