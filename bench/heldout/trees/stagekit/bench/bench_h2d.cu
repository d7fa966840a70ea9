// Micro-benchmark: host-to-device bandwidth from pageable vs pinned buffers of several sizes.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#include "stagekit/check.hpp"

static double time_copy(void* d, const void* h, size_t bytes, int reps) {
    SK_CHECK(cudaDeviceSynchronize());
    auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < reps; ++r) SK_CHECK(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
    SK_CHECK(cudaDeviceSynchronize());
    std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
    return bytes * double(reps) / dt.count() / 1e9;
}

int main() {
    const size_t sizes[] = {1 << 16, 1 << 20, 1 << 24, 1 << 28};
    void* d = nullptr;
    SK_CHECK(cudaMalloc(&d, sizes[3]));
    std::printf("%12s %10s %10s\n", "bytes", "pageable", "pinned");
    for (size_t bytes : sizes) {
        std::vector<char> pageable(bytes, 1);
        void* pinned = nullptr;
        SK_CHECK(cudaMallocHost(&pinned, bytes));
        double a = time_copy(d, pageable.data(), bytes, 20);
        double b = time_copy(d, pinned, bytes, 20);
        std::printf("%12zu %9.2f %9.2f GB/s\n", bytes, a, b);
        cudaFreeHost(pinned);
    }
    cudaFree(d);
    return 0;
}
