#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <memory>
#include <unordered_map>

#include "pinned_pool.hpp"

struct QueryParams {
    int64_t id;
    int32_t ncols;
    int32_t flags;
    double consts[16];
};

class Engine {
public:
    Engine(int device, size_t pool_blocks, size_t block_bytes);
    ~Engine();
    int64_t prepare(int ncols);
    void finish(int64_t handle);
    PinnedPool& pool() { return *pool_; }
    cudaStream_t stream() const { return stream_; }
    volatile int* status() { return status_; }
    int64_t rows_out(int64_t handle) const;

private:
    int device_;
    cudaStream_t stream_{};
    std::unique_ptr<PinnedPool> pool_;
    volatile int* status_ = nullptr;
    std::unordered_map<int64_t, QueryParams*> params_;
    int64_t next_id_ = 1;
};
