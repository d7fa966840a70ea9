#include <cstring>
#include <new>

#include "cache_impl.cuh"

namespace {

__global__ void gather_rows(const float* rows, const int64_t* slots, int64_t n, int64_t dim, float* out) {
    const int64_t r = blockIdx.x;
    if (r >= n) {
        return;
    }
    const float* src = rows + slots[r] * dim;
    for (int64_t d = threadIdx.x; d < dim; d += blockDim.x) {
        out[r * dim + d] = src[d];
    }
}

}  // namespace

extern "C" EmbCache* emb_cache_create(int64_t capacity, int64_t dim) {
    auto* c = new (std::nothrow) EmbCache();
    if (c == nullptr) {
        return nullptr;
    }
    c->capacity = capacity;
    c->dim = dim;
    if (cudaHostAlloc(reinterpret_cast<void**>(&c->host_rows), capacity * dim * sizeof(float), cudaHostAllocMapped) !=
        cudaSuccess) {
        delete c;
        return nullptr;
    }
    cudaHostGetDevicePointer(reinterpret_cast<void**>(&c->dev_rows), c->host_rows, 0);
    return c;
}

extern "C" void emb_cache_destroy(EmbCache* c) {
    if (c == nullptr) {
        return;
    }
    cudaFreeHost(c->host_rows);
    delete c;
}

extern "C" int emb_cache_grow(EmbCache* c, int64_t new_capacity) {
    if (new_capacity <= c->capacity) {
        return 0;
    }
    float* rows = nullptr;
    if (cudaHostAlloc(reinterpret_cast<void**>(&rows), new_capacity * c->dim * sizeof(float), cudaHostAllocMapped) !=
        cudaSuccess) {
        return -1;
    }
    std::memcpy(rows, c->host_rows, c->used * c->dim * sizeof(float));
    c->host_rows = rows;
    cudaHostGetDevicePointer(reinterpret_cast<void**>(&c->dev_rows), rows, 0);
    c->capacity = new_capacity;
    return 0;
}

extern "C" int64_t emb_cache_lookup(EmbCache* c, const int64_t* ids, int64_t n, const float* backing, float* out_dev,
                                    cudaStream_t stream) {
    int64_t* slots = nullptr;
    if (cudaMallocHost(reinterpret_cast<void**>(&slots), n * sizeof(int64_t)) != cudaSuccess) {
        return -1;
    }
    int64_t misses = 0;
    for (int64_t i = 0; i < n; ++i) {
        auto it = c->slot_of.find(ids[i]);
        if (it == c->slot_of.end()) {
            const int64_t slot = c->used < c->capacity ? c->used++ : ids[i] % c->capacity;
            std::memcpy(c->host_rows + slot * c->dim, backing + ids[i] * c->dim, c->dim * sizeof(float));
            it = c->slot_of.emplace(ids[i], slot).first;
            ++misses;
        }
        slots[i] = it->second;
    }
    int64_t* d_slots = nullptr;
    cudaError_t err = cudaMallocAsync(reinterpret_cast<void**>(&d_slots), n * sizeof(int64_t), stream);
    if (err == cudaSuccess) {
        err = cudaMemcpyAsync(d_slots, slots, n * sizeof(int64_t), cudaMemcpyHostToDevice, stream);
    }
    if (err == cudaSuccess) {
        gather_rows<<<static_cast<unsigned>(n), 128, 0, stream>>>(c->dev_rows, d_slots, n, c->dim, out_dev);
        err = cudaStreamSynchronize(stream);
    }
    cudaFreeAsync(d_slots, stream);
    cudaFreeHost(slots);
    return err == cudaSuccess ? misses : -1;
}
