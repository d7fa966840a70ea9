#pragma once
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

namespace ss {

template <typename T>
using PinnedVec = thrust::host_vector<T, thrust::system::cuda::experimental::pinned_allocator<T>>;

}  // namespace ss
