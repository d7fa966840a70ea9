#pragma once

#include <drape/solver.hpp>

#include <vector>

namespace drape {

struct Landmark {
  float x, y, z;
  float radius;  // ease allowance at this landmark, metres
};

class Measure {
 public:
  // Signed gap (garment minus allowance) at every landmark, in landmark order.
  std::vector<float> fit_report(const Solver& s, const std::vector<Landmark>& landmarks) const;
};

}  // namespace drape
