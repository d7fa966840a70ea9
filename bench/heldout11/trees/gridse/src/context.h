#pragma once
#include <cstdint>
#include <vector>
#include <cusolverSp.h>
#include <cusparse.h>
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

#include "gridse/api.h"

template <typename T>
using pinned_vec = thrust::host_vector<T, thrust::system::cuda::experimental::pinned_allocator<T>>;

struct Branch {
  int from, to;
  float r, x, b;
};

struct se_context {
  int n_bus = 0;
  int n_meas = 0;
  float* meas_stage = nullptr;   // pinned, n_meas * 2 floats
  float* state_host = nullptr;   // pinned, n_bus * 2 floats
  Branch* branches = nullptr;    // pinned, owned after se_load_topology
  int n_branch = 0;
  uint64_t topo_version = 0;
  pinned_vec<float> jac_host;    // grows with the Jacobian nonzero count
  std::vector<float> residuals;
  cusolverSpHandle_t solver = nullptr;
  cusparseHandle_t sparse = nullptr;
  cudaStream_t stream = nullptr;
};
