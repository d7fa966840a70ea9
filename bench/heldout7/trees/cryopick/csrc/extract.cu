#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <vector>

#include "common.h"

namespace py = pybind11;

__global__ void gather_boxes(const float* mic, int h, int w, const int* yx, int n, int box, float* out) {
    int b = blockIdx.z;
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (b >= n || x >= box || y >= box) return;
    int sy = yx[2 * b] - box / 2 + y;
    int sx = yx[2 * b + 1] - box / 2 + x;
    float v = (sy >= 0 && sy < h && sx >= 0 && sx < w) ? mic[sy * w + sx] : 0.f;
    out[(size_t(b) * box + y) * box + x] = v;
}

std::vector<py::array_t<float>> extract_boxes(py::array_t<float, py::array::c_style> mic,
                                              py::array_t<int, py::array::c_style> coords, int box) {
    auto mi = mic.request();
    auto ci = coords.request();
    const int h = static_cast<int>(mi.shape[0]);
    const int w = static_cast<int>(mi.shape[1]);
    const int n = static_cast<int>(ci.shape[0]);
    const size_t per = size_t(box) * box;

    float* staging = nullptr;
    CRYO_CHECK(cudaMallocHost(&staging, n * per * sizeof(float)));

    const int* yx = static_cast<const int*>(ci.ptr);
    for (int i = 0; i < n; ++i) {
        if (yx[2 * i] < 0 || yx[2 * i] >= h || yx[2 * i + 1] < 0 || yx[2 * i + 1] >= w)
            throw std::out_of_range("extract_boxes: coordinate outside micrograph");
    }

    float *d_mic, *d_out;
    int* d_yx;
    cudaMalloc(&d_mic, size_t(h) * w * sizeof(float));
    cudaMalloc(&d_out, n * per * sizeof(float));
    cudaMalloc(&d_yx, 2 * n * sizeof(int));
    cudaMemcpy(d_mic, mi.ptr, size_t(h) * w * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_yx, yx, 2 * n * sizeof(int), cudaMemcpyHostToDevice);
    dim3 block(16, 16), grid((box + 15) / 16, (box + 15) / 16, n);
    gather_boxes<<<grid, block>>>(d_mic, h, w, d_yx, n, box, d_out);
    cudaMemcpy(staging, d_out, n * per * sizeof(float), cudaMemcpyDeviceToHost);

    std::vector<py::array_t<float>> result;
    result.reserve(n);
    for (int i = 0; i < n; ++i) {
        py::array_t<float> a({box, box});
        std::memcpy(a.mutable_data(), staging + i * per, per * sizeof(float));
        result.push_back(std::move(a));
    }
    cudaFree(d_mic);
    cudaFree(d_out);
    cudaFree(d_yx);
    cudaFreeHost(staging);
    return result;
}

void register_extract(py::module_& m) {
    m.def("extract_boxes", &extract_boxes, py::arg("micrograph"), py::arg("coords"), py::arg("box"));
}
