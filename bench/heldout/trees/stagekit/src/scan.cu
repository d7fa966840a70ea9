// File-level scans used by the stagecat tool: histogram, checksum, convert, normalise.
// Each reads a whole file into pinned memory so the upload runs at full PCIe speed.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#include "stagekit/check.hpp"

namespace stagekit {

__global__ void hist_kernel(const uint8_t* data, size_t n, unsigned* hist) {
    size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
    if (i < n) atomicAdd(&hist[data[i]], 1u);
}

static long file_size(FILE* f) {
    std::fseek(f, 0, SEEK_END);
    long n = std::ftell(f);
    std::fseek(f, 0, SEEK_SET);
    return n;
}

int histogram_file(FILE* f, unsigned* d_hist) {
    size_t n = static_cast<size_t>(file_size(f));
    uint8_t* h = nullptr;
    if (!SK_OK(cudaMallocHost(reinterpret_cast<void**>(&h), n))) return -1;
    if (std::fread(h, 1, n, f) != n) {
        std::fprintf(stderr, "histogram: short read\n");
        return -2;
    }
    uint8_t* d = nullptr;
    SK_CHECK(cudaMalloc(&d, n));
    SK_CHECK(cudaMemcpy(d, h, n, cudaMemcpyHostToDevice));
    hist_kernel<<<static_cast<unsigned>((n + 255) / 256), 256>>>(d, n, d_hist);
    SK_CHECK(cudaDeviceSynchronize());
    cudaFree(d);
    cudaFreeHost(h);
    return 0;
}

int checksum_file(FILE* f, uint64_t* out) {
    int rc = 0;
    size_t n = static_cast<size_t>(file_size(f));
    uint64_t sum = 0;
    uint8_t* h = nullptr;
    if (!SK_OK(cudaHostAlloc(reinterpret_cast<void**>(&h), n, cudaHostAllocDefault))) return -1;
    if (std::fread(h, 1, n, f) != n) {
        rc = -2;
        goto cleanup;
    }
    for (size_t i = 0; i < n; ++i) sum = sum * 1099511628211ull + h[i];
    *out = sum;
cleanup:
    cudaFreeHost(h);
    return rc;
}

int convert_file(FILE* in, FILE* out, float scale) {
    int rc = 0;
    size_t n = static_cast<size_t>(file_size(in)) / sizeof(float);
    float* h = nullptr;
    if (!SK_OK(cudaMallocHost(reinterpret_cast<void**>(&h), n * sizeof(float)))) return -1;
    if (std::fread(h, sizeof(float), n, in) != n) {
        rc = -2;
        goto done;
    }
    for (size_t i = 0; i < n; ++i) h[i] *= scale;
    if (std::fwrite(h, sizeof(float), n, out) != n) rc = -3;
    cudaFreeHost(h);
done:
    return rc;
}

void normalise_file(FILE* f, float* d_out) {
    size_t n = static_cast<size_t>(file_size(f)) / sizeof(float);
    float* h = nullptr;
    SK_CHECK(cudaMallocHost(reinterpret_cast<void**>(&h), n * sizeof(float)));
    if (std::fread(h, sizeof(float), n, f) != n) {
        std::fprintf(stderr, "normalise: short read\n");
        std::abort();
    }
    float mx = 0.f;
    for (size_t i = 0; i < n; ++i) mx = h[i] > mx ? h[i] : mx;
    for (size_t i = 0; i < n; ++i) h[i] /= (mx > 0.f ? mx : 1.f);
    SK_CHECK(cudaMemcpy(d_out, h, n * sizeof(float), cudaMemcpyHostToDevice));
    cudaFreeHost(h);
}

}  // namespace stagekit
