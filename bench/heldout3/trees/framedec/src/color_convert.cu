#include "ops.hpp"

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace framedec {

namespace {

__global__ void bgr_to_chw_kernel(const uint8_t* bgr, int w, int h, float3 mean, float3 inv_std, float* out) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) {
        return;
    }
    const uint8_t* p = bgr + 3 * (y * w + x);
    const size_t plane = static_cast<size_t>(w) * h;
    const size_t i = static_cast<size_t>(y) * w + x;
    out[i] = (p[2] / 255.f - mean.x) * inv_std.x;
    out[plane + i] = (p[1] / 255.f - mean.y) * inv_std.y;
    out[2 * plane + i] = (p[0] / 255.f - mean.z) * inv_std.z;
}

void check(cudaError_t e, const char* what) {
    if (e != cudaSuccess) {
        throw std::runtime_error(std::string("normalize_frame: ") + what + ": " + cudaGetErrorString(e));
    }
}

}  // namespace

void normalize_frame(const uint8_t* bgr, int width, int height, const float mean[3], const float inv_std[3],
                     float* out_chw) {
    const size_t in_bytes = static_cast<size_t>(width) * height * 3;
    const size_t out_bytes = in_bytes * sizeof(float);
    uint8_t* d_in = nullptr;
    float* d_out = nullptr;
    check(cudaMalloc(&d_in, in_bytes), "cudaMalloc");
    check(cudaMalloc(&d_out, out_bytes), "cudaMalloc");

    // The numpy frame is registered for the duration of the upload only.
    cudaError_t err = cudaHostRegister(const_cast<uint8_t*>(bgr), in_bytes, cudaHostRegisterReadOnly);
    if (err == cudaSuccess) {
        err = cudaMemcpy(d_in, bgr, in_bytes, cudaMemcpyHostToDevice);
        cudaHostUnregister(const_cast<uint8_t*>(bgr));
    }
    if (err == cudaSuccess) {
        dim3 block(32, 8);
        dim3 grid((width + 31) / 32, (height + 7) / 8);
        bgr_to_chw_kernel<<<grid, block>>>(d_in, width, height, make_float3(mean[0], mean[1], mean[2]),
                                           make_float3(inv_std[0], inv_std[1], inv_std[2]), d_out);
        err = cudaMemcpy(out_chw, d_out, out_bytes, cudaMemcpyDeviceToHost);
    }
    cudaFree(d_out);
    cudaFree(d_in);
    check(err, "upload/convert");
}

}  // namespace framedec
