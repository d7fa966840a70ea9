#include "engine.hpp"

#include <stdexcept>

Engine::Engine(int device, size_t pool_blocks, size_t block_bytes) : device_(device) {
    cudaSetDevice(device_);
    cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking);
    pool_ = std::make_unique<PinnedPool>(pool_blocks, block_bytes);
    if (cudaHostAlloc((void**)&status_, sizeof(int) * 4, cudaHostAllocMapped) != cudaSuccess)
        throw std::runtime_error("cannot allocate the mapped status word");
}

Engine::~Engine() {
    for (auto& kv : params_) cudaFreeHost(kv.second);
    cudaFreeHost((void*)status_);
    cudaStreamDestroy(stream_);
}

int64_t Engine::prepare(int ncols) {
    QueryParams* p = nullptr;
    if (cudaMallocHost((void**)&p, sizeof(QueryParams)) != cudaSuccess) throw std::bad_alloc();
    p->id = next_id_++;
    p->ncols = ncols;
    p->flags = 0;
    params_[p->id] = p;
    return p->id;
}

void Engine::finish(int64_t handle) {
    auto it = params_.find(handle);
    if (it == params_.end()) return;
    cudaFreeHost(it->second);
    params_.erase(it);
}

int64_t Engine::rows_out(int64_t handle) const {
    auto it = params_.find(handle);
    return it == params_.end() ? 0 : it->second->flags;
}
