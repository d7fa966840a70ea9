#pragma once
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

namespace bt {

// Page-locked host vector: every construction (and every copy) page-locks a fresh block.
template <class T>
using PinnedVec = thrust::host_vector<T, thrust::cuda::experimental::pinned_allocator<T>>;

}  // namespace bt
