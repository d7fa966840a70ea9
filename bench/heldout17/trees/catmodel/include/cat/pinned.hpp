#pragma once
#include <cuda_runtime.h>
#include <memory>
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

namespace cat {
template <class T>
using PinnedVec = thrust::host_vector<T, thrust::system::cuda::experimental::pinned_allocator<T>>;

struct FreeHost {
    void operator()(void *p) const { cudaFreeHost(p); }
};
template <class T>
using HostPtr = std::unique_ptr<T[], FreeHost>;
}  // namespace cat
