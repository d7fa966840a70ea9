// Fractures polygons into writable rectangles (Manhattan geometry: horizontal slabs).
#include <algorithm>
#include <set>
#include "ebl/types.hpp"

namespace ebl {

static size_t estimate_shots(const Tile& tile) {
  size_t n = 0;
  for (const Polygon& p : tile.polys) n += p.xy.size() / 2;
  return n * 2 + 16;
}

ShotList fracture(const Tile& tile, const PecConfig& cfg) {
  ShotList shots;
  shots.reserve(estimate_shots(tile));
  const int32_t max_w = static_cast<int32_t>(cfg.pixel_nm * 100);
  for (const Polygon& p : tile.polys) {
    std::set<int32_t> ys;
    for (size_t k = 1; k < p.xy.size(); k += 2) ys.insert(p.xy[k]);
    for (auto y = ys.begin(); y != ys.end() && std::next(y) != ys.end(); ++y) {
      const int32_t y0 = *y, y1 = *std::next(y), ym = (y0 + y1) / 2;
      std::vector<int32_t> xs;
      for (size_t k = 0; k + 3 < p.xy.size() + 2; k += 2) {
        const int32_t ax = p.xy[k % p.xy.size()], ay = p.xy[(k + 1) % p.xy.size()];
        const int32_t bx = p.xy[(k + 2) % p.xy.size()], by = p.xy[(k + 3) % p.xy.size()];
        if (ax == bx && std::min(ay, by) <= ym && ym < std::max(ay, by)) xs.push_back(ax);
      }
      std::sort(xs.begin(), xs.end());
      for (size_t k = 0; k + 1 < xs.size(); k += 2)
        for (int32_t x = xs[k]; x < xs[k + 1]; x += max_w)
          shots.push_back(Shot{x, y0, std::min(max_w, xs[k + 1] - x), y1 - y0, 1.f});
    }
  }
  return shots;
}

}  // namespace ebl
