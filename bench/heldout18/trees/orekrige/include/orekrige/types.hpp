#pragma once
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>
#include <vector>

namespace orekrige {

template <class T>
using PinnedVec = thrust::host_vector<T, thrust::cuda::experimental::pinned_allocator<T>>;

struct Samples {
  std::vector<float> x, y, z, grade;
  std::size_t size() const { return grade.size(); }
};

struct BlockResult {
  int block_id;
  float estimate;
  float variance;
};

}  // namespace orekrige
