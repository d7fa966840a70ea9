#pragma once
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

namespace slam {

template <typename T>
using pinned_vector = thrust::host_vector<T, thrust::cuda::experimental::pinned_allocator<T>>;

}  // namespace slam
