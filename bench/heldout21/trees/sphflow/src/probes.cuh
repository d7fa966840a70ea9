#pragma once
#include <array>
#include <vector>

#include "sphflow/kernel.hpp"

namespace sph {

class ProbeSet {
 public:
  explicit ProbeSet(std::vector<std::array<float, 3>> where) : where_(std::move(where)) {}
  std::vector<float> sample(const Particles& ps, cudaStream_t s);

 private:
  std::vector<std::array<float, 3>> where_;
};

}  // namespace sph
