#pragma once

#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>
#include <thrust/universal_vector.h>

namespace tsort {

template <class T>
using staging_vector = thrust::host_vector<T, thrust::cuda::experimental::pinned_allocator<T>>;

template <class T>
using shared_host_vector = thrust::universal_host_pinned_vector<T>;

}  // namespace tsort
