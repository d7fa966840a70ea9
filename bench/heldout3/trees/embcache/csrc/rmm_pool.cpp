// Row prefetch for ids that are about to be looked up (next batch), bypassing the cache.
#include <rmm/mr/device/pool_memory_resource.hpp>
#include <rmm/mr/pinned_host_memory_resource.hpp>

#include <cstring>
#include <memory>

#include "embcache.h"

namespace {

rmm::mr::pinned_host_memory_resource g_pinned_upstream;
std::unique_ptr<rmm::mr::pool_memory_resource<rmm::mr::pinned_host_memory_resource>> g_host_pool;

int gather_and_upload(void* staging, const int64_t* ids, int64_t n, const float* backing, int64_t dim, float* out_dev,
                      cudaStream_t stream) {
    auto* rows = static_cast<float*>(staging);
    for (int64_t i = 0; i < n; ++i) {
        std::memcpy(rows + i * dim, backing + ids[i] * dim, dim * sizeof(float));
    }
    if (cudaMemcpyAsync(out_dev, rows, n * dim * sizeof(float), cudaMemcpyHostToDevice, stream) != cudaSuccess) {
        return -1;
    }
    return cudaStreamSynchronize(stream) == cudaSuccess ? 0 : -1;
}

}  // namespace

extern "C" int emb_host_pool_init(size_t initial_bytes) {
    if (g_host_pool) {
        return 0;
    }
    try {
        g_host_pool = std::make_unique<rmm::mr::pool_memory_resource<rmm::mr::pinned_host_memory_resource>>(
            &g_pinned_upstream, initial_bytes);
    } catch (const std::exception&) {
        return -1;
    }
    return 0;
}

// Pooled variant: sub-allocates from the pinned pool built by emb_host_pool_init.
extern "C" int emb_prefetch_pooled(const int64_t* ids, int64_t n, const float* backing, int64_t dim, float* out_dev,
                                   cudaStream_t stream) {
    if (!g_host_pool) {
        return -1;
    }
    const size_t bytes = n * dim * sizeof(float);
    void* staging = g_host_pool->allocate(bytes);
    const int rc = gather_and_upload(staging, ids, n, backing, dim, out_dev, stream);
    g_host_pool->deallocate(staging, bytes);
    return rc;
}

extern "C" int emb_prefetch_rows(const int64_t* ids, int64_t n, const float* backing, int64_t dim, float* out_dev,
                                 cudaStream_t stream) {
    const size_t bytes = n * dim * sizeof(float);
    rmm::mr::pinned_host_memory_resource mr;
    void* staging = mr.allocate(bytes);
    const int rc = gather_and_upload(staging, ids, n, backing, dim, out_dev, stream);
    mr.deallocate(staging, bytes);
    return rc;
}
