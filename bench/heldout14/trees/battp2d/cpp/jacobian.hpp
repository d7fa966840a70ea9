#pragma once
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

#include "p2d_solver.hpp"

namespace p2d {

using PinnedVec = thrust::host_vector<double, thrust::system::cuda::experimental::pinned_allocator<double>>;

class Jacobian {
 public:
  explicit Jacobian(P2DSolver& s) : solver_(s) {}
  void ensure(size_t n);
  PinnedVec column_block(const Params& p, int k, double c_rate);

 private:
  P2DSolver& solver_;
  PinnedVec work_;
};

}  // namespace p2d
