#pragma once
#include <vector>

#include "sphflow/kernel.hpp"

namespace sph {

struct Panel {
  float normal[3];
  float origin[3];
  int n;
};

class Boundary {
 public:
  explicit Boundary(const std::vector<float>& walls);
  void apply(Particles& ps, cudaStream_t s);

 private:
  std::vector<Panel> panels_;
};

}  // namespace sph
