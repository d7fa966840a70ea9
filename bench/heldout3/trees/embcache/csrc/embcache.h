#pragma once

#include <cuda_runtime.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct EmbCache EmbCache;

// Host-resident (mapped) row cache in front of a larger on-disk embedding table.
EmbCache* emb_cache_create(int64_t capacity, int64_t dim);
void emb_cache_destroy(EmbCache* c);
int emb_cache_grow(EmbCache* c, int64_t new_capacity);

// Gathers rows for ids into out_dev ([n, dim] on the device). Rows not in the cache are filled
// from `backing` (host, [num_rows, dim]) and inserted. Returns the number of misses, or -1.
int64_t emb_cache_lookup(EmbCache* c, const int64_t* ids, int64_t n, const float* backing, float* out_dev,
                         cudaStream_t stream);

// persist.cu
int emb_cache_save(const EmbCache* c, const char* path);
int emb_cache_load(EmbCache* c, const char* path);

// rmm_pool.cpp
int emb_host_pool_init(size_t initial_bytes);
int emb_prefetch_pooled(const int64_t* ids, int64_t n, const float* backing, int64_t dim, float* out_dev,
                        cudaStream_t stream);
int emb_prefetch_rows(const int64_t* ids, int64_t n, const float* backing, int64_t dim, float* out_dev,
                      cudaStream_t stream);

#ifdef __cplusplus
}
#endif
