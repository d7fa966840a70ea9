#include <chrono>
#include <cstdio>

#include "fem/pinned.hpp"

int main() {
    const size_t n = 1 << 24;
    auto host = fem::make_pinned_unique<double>(n);
    double* dev = nullptr;
    cudaMalloc(&dev, n * sizeof(double));
    for (size_t i = 0; i < n; ++i) host[i] = 1.0;
    auto t0 = std::chrono::steady_clock::now();
    for (int rep = 0; rep < 50; ++rep) cudaMemcpy(dev, host.get(), n * sizeof(double), cudaMemcpyHostToDevice);
    cudaDeviceSynchronize();
    auto dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("H2D %.1f GB/s\n", 50.0 * n * sizeof(double) / dt / 1e9);
    cudaFree(dev);
    return 0;
}
