#pragma once
// XPBD constraints. Each constraint type projects all its instances for one substep.

#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

#include <memory>
#include <vector>

namespace drape {

template <typename T>
using PinnedVec = thrust::host_vector<T, thrust::cuda::experimental::pinned_allocator<T>>;

struct State {
  float* x = nullptr;      // device positions [3n]
  float* p = nullptr;      // device predicted positions [3n]
  float* w = nullptr;      // device inverse masses [n]
  int n_verts = 0;
  cudaStream_t stream = nullptr;
};

class Constraint {
 public:
  virtual ~Constraint() = default;
  virtual void project(State& s, float h) = 0;
  virtual const char* name() const = 0;
};

// Edge-length constraints with per-edge compliance; the Lagrange multipliers are
// accumulated on the host (Gauss-Seidel over colour groups).
class StretchConstraint : public Constraint {
 public:
  StretchConstraint(std::vector<int> edges, std::vector<float> rest, float compliance);
  void project(State& s, float h) override;
  const char* name() const override { return "stretch"; }

 private:
  std::vector<int> edges_;
  std::vector<float> rest_;
  float compliance_;
  int* edges_d_ = nullptr;
  float* rest_d_ = nullptr;
};

// Dihedral bending; the multipliers persist across substeps of a frame.
class BendConstraint : public Constraint {
 public:
  BendConstraint(std::vector<int> quads, std::vector<float> rest_angle, float stiffness);
  void project(State& s, float h) override;
  const char* name() const override { return "bend"; }

 private:
  std::vector<int> quads_;
  std::vector<float> rest_angle_;
  float stiffness_;
  PinnedVec<float> lambda_;
  int* quads_d_ = nullptr;
};

std::vector<std::unique_ptr<Constraint>> make_constraints(const std::vector<int>& faces,
                                                          const std::vector<float>& verts,
                                                          float stretch_compliance, float bend_stiffness);

}  // namespace drape
