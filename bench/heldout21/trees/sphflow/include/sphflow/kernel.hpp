#pragma once
#include <memory>
#include <string>

#include "sphflow/host_block.hpp"

namespace sph {

struct Particles {
  float* pos = nullptr;   // device, 3 x n
  float* vel = nullptr;
  float* rho = nullptr;
  float* p = nullptr;
  int n = 0;
};

class Kernel {
 public:
  virtual ~Kernel() = default;
  virtual void density(Particles& ps, float h, cudaStream_t s) = 0;
};

class WendlandC2 : public Kernel {
 public:
  void density(Particles& ps, float h, cudaStream_t s) override;
};

class CubicSpline : public Kernel {
 public:
  void density(Particles& ps, float h, cudaStream_t s) override;

 private:
  PinnedVec<float> h_rho_;
};

std::unique_ptr<Kernel> make_kernel(const std::string& name);
const float* gradient_table();

}  // namespace sph
