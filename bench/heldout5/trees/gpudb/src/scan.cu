#include <pybind11/numpy.h>
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

#include "engine.hpp"

namespace py = pybind11;

template <typename T>
__global__ void decode_dict(const T* in, T* out, size_t n) {
    size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
    if (i < n) out[i] = in[i];
}

py::array scan_column(Engine& eng, py::array col) {
    auto info = col.request();
    const size_t n = size_t(info.size);
    const size_t bytes = n * size_t(info.itemsize);
    thrust::host_vector<uint8_t, thrust::cuda::experimental::pinned_allocator<uint8_t>> staging(bytes);
    std::memcpy(staging.data(), info.ptr, bytes);
    thrust::device_vector<uint8_t> dev(staging.begin(), staging.end());
    decode_dict<<<unsigned((bytes + 255) / 256), 256, 0, eng.stream()>>>(thrust::raw_pointer_cast(dev.data()),
                                                                          thrust::raw_pointer_cast(dev.data()), bytes);
    thrust::copy(dev.begin(), dev.end(), staging.begin());
    py::array out(col.dtype(), info.shape);
    std::memcpy(out.mutable_data(), staging.data(), bytes);
    return out;
}
