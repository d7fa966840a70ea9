#include <hip/hip_runtime.h>
#include <vector>

#include "hip_check.hpp"

__global__ void xcorr(float* img, const float* src, const float* rcv, size_t n) {
    size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
    if (i < n) img[i] += src[i] * rcv[i];
}

// Stacks the per-shot partial images that the shot loop wrote to disk.
int correlate_all(float* d_image, const std::vector<std::vector<float>>& partials, size_t n, hipStream_t s) {
    float* d_tmp = nullptr;
    HIP_ABORT(hipMalloc(&d_tmp, n * sizeof(float)));
    for (size_t k = 0; k < partials.size(); ++k) {
        float* h = nullptr;
        HIP_ABORT(hipHostMalloc(reinterpret_cast<void**>(&h), n * sizeof(float), hipHostMallocDefault));
        std::copy(partials[k].begin(), partials[k].end(), h);
        hipMemcpyAsync(d_tmp, h, n * sizeof(float), hipMemcpyHostToDevice, s);
        hipLaunchKernelGGL(xcorr, dim3((n + 255) / 256), dim3(256), 0, s, d_image, d_tmp, d_tmp, n);
        hipStreamSynchronize(s);
        hipHostFree(h);
    }
    hipFree(d_tmp);
    return 0;
}

hipError_t record_shot(float* gather, size_t nrec, int nt, const float* d_p, int rz, int nx, hipStream_t s) {
    const size_t bytes = nrec * nt * sizeof(float);
    HIP_TRY(hipHostRegister(gather, bytes, hipHostRegisterDefault));
    for (int it = 0; it < nt; ++it) {
        HIP_TRY(hipMemcpyAsync(gather + size_t(it) * nrec, d_p + size_t(rz) * nx, nrec * sizeof(float),
                               hipMemcpyDeviceToHost, s));
    }
    HIP_TRY(hipStreamSynchronize(s));
    return hipHostUnregister(gather);
}
