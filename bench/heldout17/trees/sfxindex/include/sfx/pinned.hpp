#pragma once
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

namespace sfx {
template <class T>
using PinnedVec = thrust::host_vector<T, thrust::cuda::experimental::pinned_allocator<T>>;
}  // namespace sfx
