#include <cuda_runtime.h>

#include <cmath>

#include "ba/problem.hpp"

namespace ba {

__global__ void huber_kernel(const float* r, size_t n, float delta, float* w) {
    size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
    if (i < n) w[i] = fabsf(r[i]) <= delta ? 1.f : delta / fabsf(r[i]);
}

void huber_weights(const float* residuals, size_t n, float delta, float* weights) {
    static float* host = nullptr;
    static size_t capacity = 0;
    if (n > capacity) {
        if (host) cudaFreeHost(host);
        cudaMallocHost(reinterpret_cast<void**>(&host), 2 * n * sizeof(float));
        capacity = n;
    }
    float *d_r, *d_w;
    cudaMalloc(&d_r, n * sizeof(float));
    cudaMalloc(&d_w, n * sizeof(float));
    std::copy(residuals, residuals + n, host);
    cudaMemcpy(d_r, host, n * sizeof(float), cudaMemcpyHostToDevice);
    huber_kernel<<<(n + 255) / 256, 256>>>(d_r, n, delta, d_w);
    cudaMemcpy(host + n, d_w, n * sizeof(float), cudaMemcpyDeviceToHost);
    std::copy(host + n, host + 2 * n, weights);
    cudaFree(d_r);
    cudaFree(d_w);
}

}  // namespace ba
