#include <cufft.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "common.h"

namespace py = pybind11;

__global__ void apply_band(cufftComplex* spec, int h, int wc, float lo, float hi) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= wc || y >= h) return;
    float fy = (y < h / 2 ? y : y - h) / float(h);
    float fx = x / float(2 * (wc - 1));
    float r = sqrtf(fx * fx + fy * fy);
    float g = (r > lo) ? expf(-(r - lo) * (r - lo) * 200.f) : 1.f;
    g *= (r < hi) ? 0.f : 1.f;
    spec[y * wc + x].x *= g;
    spec[y * wc + x].y *= g;
}

py::array_t<float> bandpass_filter(py::array_t<float, py::array::c_style> img, float lo, float hi) {
    auto info = img.request();
    const int h = static_cast<int>(info.shape[0]);
    const int w = static_cast<int>(info.shape[1]);
    const size_t bytes = size_t(h) * w * sizeof(float);

    float* host = nullptr;
    CRYO_CHECK(cudaMallocHost(&host, bytes));
    std::memcpy(host, info.ptr, bytes);

    float* d_img = nullptr;
    cufftComplex* d_spec = nullptr;
    const int wc = w / 2 + 1;
    cudaMalloc(&d_img, bytes);
    cudaMalloc(&d_spec, size_t(h) * wc * sizeof(cufftComplex));
    cudaMemcpy(d_img, host, bytes, cudaMemcpyHostToDevice);

    cufftHandle fwd, inv;
    cufftPlan2d(&fwd, h, w, CUFFT_R2C);
    cufftPlan2d(&inv, h, w, CUFFT_C2R);
    cufftExecR2C(fwd, d_img, d_spec);
    dim3 block(16, 16), grid((wc + 15) / 16, (h + 15) / 16);
    apply_band<<<grid, block>>>(d_spec, h, wc, lo, hi);
    cufftExecC2R(inv, d_spec, d_img);
    cudaMemcpy(host, d_img, bytes, cudaMemcpyDeviceToHost);

    py::array_t<float> out({h, w});
    std::memcpy(out.mutable_data(), host, bytes);
    cufftDestroy(fwd);
    cufftDestroy(inv);
    cudaFree(d_img);
    cudaFree(d_spec);
    cudaFreeHost(host);
    return out;
}

class CtfTable {
public:
    CtfTable(int n, float apix) : n_(n), apix_(apix) {
        CRYO_CHECK(cudaHostAlloc(reinterpret_cast<void**>(&table_), n_ * sizeof(float),
                                 cudaHostAllocDefault));
        for (int i = 0; i < n_; ++i) {
            float s = i / (2.f * apix_ * n_);
            table_[i] = sinf(3.14159f * 2.7f * s * s * 1e4f);
        }
    }
    ~CtfTable() { cudaFreeHost(table_); }
    CtfTable(const CtfTable&) = delete;
    CtfTable& operator=(const CtfTable&) = delete;

    py::array_t<float> weights() const {
        py::array_t<float> out(n_);
        std::memcpy(out.mutable_data(), table_, n_ * sizeof(float));
        return out;
    }

private:
    int n_;
    float apix_;
    float* table_ = nullptr;
};

void register_bandpass(py::module_& m) {
    m.def("bandpass_filter", &bandpass_filter, py::arg("img"), py::arg("lo"), py::arg("hi"));
    py::class_<CtfTable>(m, "CtfTable")
        .def(py::init<int, float>())
        .def("weights", &CtfTable::weights);
}
