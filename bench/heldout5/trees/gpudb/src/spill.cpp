#include <cuda_runtime.h>

#include <cstdio>
#include <stdexcept>
#include <string>

#include "engine.hpp"

void spill_partition(Engine& eng, const void* d_data, size_t bytes, const std::string& path) {
    void* h = nullptr;
    if (cudaMallocHost(&h, bytes) != cudaSuccess) throw std::bad_alloc();
    cudaMemcpyAsync(h, d_data, bytes, cudaMemcpyDeviceToHost, eng.stream());
    cudaStreamSynchronize(eng.stream());
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) throw std::runtime_error("spill: cannot open " + path);
    const size_t w = std::fwrite(h, 1, bytes, f);
    std::fclose(f);
    if (w != bytes) throw std::runtime_error("spill: short write to " + path);
    cudaFreeHost(h);
}

void* unspill_into_pool(Engine& eng, const std::string& path, size_t bytes) {
    void* block = eng.pool().acquire();
    if (!block) return nullptr;
    FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) {
        eng.pool().release(block);
        return nullptr;
    }
    std::fread(block, 1, bytes, f);
    std::fclose(f);
    return block;
}
