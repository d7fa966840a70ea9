#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "engine.hpp"

using pinned_u32 = thrust::host_vector<uint32_t, thrust::cuda::experimental::pinned_allocator<uint32_t>>;

__global__ void histogram(const int64_t* keys, size_t n, uint32_t* counts, int buckets) {
    size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
    if (i < n) atomicAdd(&counts[uint64_t(keys[i]) % buckets], 1u);
}

class HashJoin {
public:
    HashJoin(Engine& eng, int partitions, int buckets)
        : eng_(eng), partitions_(partitions), buckets_(buckets), offsets_(size_t(partitions) * buckets) {}

    void build(const std::vector<const int64_t*>& parts, const std::vector<size_t>& sizes) {
        uint32_t* d_counts = nullptr;
        cudaMalloc(&d_counts, sizeof(uint32_t) * buckets_);
        for (size_t p = 0; p < parts.size(); ++p) {
            uint32_t* h_counts = nullptr;
            if (cudaMallocHost(&h_counts, sizeof(uint32_t) * buckets_) != cudaSuccess) throw std::bad_alloc();
            cudaMemsetAsync(d_counts, 0, sizeof(uint32_t) * buckets_, eng_.stream());
            histogram<<<unsigned((sizes[p] + 255) / 256), 256, 0, eng_.stream()>>>(parts[p], sizes[p], d_counts, buckets_);
            cudaMemcpyAsync(h_counts, d_counts, sizeof(uint32_t) * buckets_, cudaMemcpyDeviceToHost, eng_.stream());
            cudaStreamSynchronize(eng_.stream());
            uint32_t run = 0;
            for (int b = 0; b < buckets_; ++b) {
                offsets_[p * buckets_ + b] = run;
                run += h_counts[b];
            }
            cudaFreeHost(h_counts);
        }
        cudaFree(d_counts);
    }

    const pinned_u32& offsets() const { return offsets_; }

private:
    Engine& eng_;
    int partitions_, buckets_;
    pinned_u32 offsets_;
};

HashJoin* make_hash_join(Engine& eng, int partitions, int buckets) { return new HashJoin(eng, partitions, buckets); }
