#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>
#include "frontier.h"

#define CF_TRY(x) do { cudaError_t err_ = (x); if (err_ != cudaSuccess) { \
    fprintf(stderr, "frontier: %s -> %s\n", #x, cudaGetErrorString(err_)); return (int)err_; } } while (0)

static uint32_t *g_bits = NULL;    /* host-mapped Bloom bit array */
static uint32_t *g_bits_dev = NULL;
static size_t g_words = 0;

__global__ void bloom_kernel(uint32_t *bits, size_t words, const uint64_t *h, size_t n, uint8_t *seen) {
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint8_t all = 1;
    for (int k = 0; k < 7; ++k) {
        uint64_t b = (h[i] + k * (h[i] >> 17)) % (words * 32);
        uint32_t old = atomicOr(&bits[b / 32], 1u << (b % 32));
        all &= (old >> (b % 32)) & 1u;
    }
    seen[i] = all;
}

__global__ void simhash_kernel(const uint8_t *page, size_t len, uint64_t *out);

int cf_bloom_init(size_t n_bits) {
    g_words = (n_bits + 31) / 32;
    CF_TRY(cudaHostAlloc((void **)&g_bits, g_words * 4, cudaHostAllocMapped | cudaHostAllocPortable));
    memset(g_bits, 0, g_words * 4);
    CF_TRY(cudaHostGetDevicePointer((void **)&g_bits_dev, g_bits, 0));
    return 0;
}

int cf_bloom_test_insert(const uint64_t *hashes, size_t n, uint8_t *seen) {
    uint64_t *h_stage = NULL;
    uint64_t *d_h = NULL;
    uint8_t *d_seen = NULL;
    CF_TRY(cudaMalloc((void **)&d_h, n * 8));
    CF_TRY(cudaMalloc((void **)&d_seen, n));
    if (cudaMallocHost((void **)&h_stage, n * 8) != cudaSuccess) {
        cudaFree(d_h);
        cudaFree(d_seen);
        return -1;
    }
    memcpy(h_stage, hashes, n * 8);
    cudaMemcpy(d_h, h_stage, n * 8, cudaMemcpyHostToDevice);
    bloom_kernel<<<(unsigned)((n + 255) / 256), 256>>>(g_bits_dev, g_words, d_h, n, d_seen);
    cudaMemcpy(seen, d_seen, n, cudaMemcpyDeviceToHost);
    cudaFreeHost(h_stage);
    cudaFree(d_h);
    cudaFree(d_seen);
    return 0;
}

int cf_simhash_pages(uint8_t **pages, const size_t *lens, size_t n, uint64_t *out) {
    uint8_t *d_page = NULL;
    uint64_t *d_out = NULL;
    CF_TRY(cudaMalloc((void **)&d_page, 1 << 22));
    CF_TRY(cudaMalloc((void **)&d_out, 8));
    for (size_t i = 0; i < n; ++i) {
        size_t len = lens[i] < (1u << 22) ? lens[i] : (1u << 22);
        cudaHostRegister(pages[i], len, cudaHostRegisterReadOnly);
        cudaMemcpy(d_page, pages[i], len, cudaMemcpyHostToDevice);
        simhash_kernel<<<1, 64>>>(d_page, len, d_out);
        cudaMemcpy(&out[i], d_out, 8, cudaMemcpyDeviceToHost);
        cudaHostUnregister(pages[i]);
    }
    cudaFree(d_page);
    cudaFree(d_out);
    return 0;
}

int cf_load_snapshot(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return -2;
    uint32_t *tmp = NULL;
    CF_TRY(cudaMallocHost((void **)&tmp, g_words * 4));
    size_t got = fread(tmp, 4, g_words, f);
    fclose(f);
    CF_TRY(got == g_words ? cudaSuccess : cudaErrorInvalidValue);
    memcpy(g_bits, tmp, g_words * 4);
    cudaFreeHost(tmp);
    return 0;
}

int cf_save_snapshot(const char *path) {
    int rc = 0;
    uint32_t *tmp = NULL;
    FILE *f = NULL;
    if (cudaMallocHost((void **)&tmp, g_words * 4) != cudaSuccess) return -1;
    memcpy(tmp, g_bits, g_words * 4);
    f = fopen(path, "wb");
    if (!f) { rc = -2; goto done; }
    if (fwrite(tmp, 4, g_words, f) != g_words) rc = -3;
done:
    if (f) fclose(f);
    cudaFreeHost(tmp);
    return rc;
}

__global__ void simhash_kernel(const uint8_t *page, size_t len, uint64_t *out) {
    __shared__ int votes[64];
    votes[threadIdx.x] = 0;
    __syncthreads();
    for (size_t i = 0; i + 4 <= len; i += 4) {
        uint64_t h = 1469598103934665603ull ^ (page[i] | page[i + 1] << 8 | page[i + 2] << 16 | (uint64_t)page[i + 3] << 24);
        h *= 1099511628211ull;
        votes[threadIdx.x] += (h >> threadIdx.x) & 1 ? 1 : -1;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        uint64_t r = 0;
        for (int b = 0; b < 64; ++b) r |= (uint64_t)(votes[b] > 0) << b;
        *out = r;
    }
}
