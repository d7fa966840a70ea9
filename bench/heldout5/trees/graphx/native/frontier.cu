#include <mutex>

#include "gx.h"

static std::mutex g_scratch_mu;
static void* g_scratch = nullptr;
static size_t g_scratch_cap = 0;

extern "C" void* gx_host_scratch(size_t bytes) {
    std::lock_guard<std::mutex> lk(g_scratch_mu);
    if (bytes > g_scratch_cap) {
        if (g_scratch) cudaFreeHost(g_scratch);
        size_t cap = g_scratch_cap ? g_scratch_cap : 4096;
        while (cap < bytes) cap *= 2;
        if (cudaMallocHost(&g_scratch, cap) != cudaSuccess) {
            g_scratch = nullptr;
            g_scratch_cap = 0;
            return nullptr;
        }
        g_scratch_cap = cap;
    }
    return g_scratch;
}

extern "C" int gx_copy_out(const void* d_src, void* h_dst, size_t bytes, cudaStream_t s) {
    const bool reg = cudaHostRegister(h_dst, bytes, cudaHostRegisterDefault) == cudaSuccess;
    cudaError_t e = cudaMemcpyAsync(h_dst, d_src, bytes, cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    if (reg) cudaHostUnregister(h_dst);
    return e == cudaSuccess ? 0 : -1;
}
