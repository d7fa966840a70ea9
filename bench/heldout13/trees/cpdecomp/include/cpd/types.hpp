#pragma once
#include <Kokkos_Core.hpp>
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

#include <cstdint>
#include <vector>

namespace cpd {

using Device = Kokkos::CudaSpace;
using HostPinned = Kokkos::CudaHostPinnedSpace;
using PinnedMatrix = Kokkos::View<double**, Kokkos::LayoutLeft, HostPinned>;
using PinnedIndex = Kokkos::View<int64_t**, Kokkos::LayoutLeft, HostPinned>;
using DevMatrix = Kokkos::View<double**, Kokkos::LayoutLeft, Device>;
using DevIndex = Kokkos::View<int64_t**, Kokkos::LayoutLeft, Device>;

template <class T>
using PinnedVector = thrust::host_vector<T, thrust::cuda::experimental::pinned_allocator<T>>;

struct CooData {
  std::vector<int64_t> dims;
  std::vector<int64_t> idx;  // nnz x nmodes, row-major
  std::vector<double> vals;
};

void* arena_take(std::size_t bytes);

}  // namespace cpd
