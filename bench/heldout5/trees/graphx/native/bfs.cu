#include "gx.h"

__global__ void bfs_level(const int64_t* indptr, const int32_t* indices, int32_t* dist, int64_t n, int level,
                          int* changed) {
    int64_t v = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    if (v >= n || dist[v] != level) return;
    for (int64_t e = indptr[v]; e < indptr[v + 1]; ++e) {
        int32_t u = indices[e];
        if (atomicCAS(&dist[u], -1, level + 1) == -1) *changed = 1;
    }
}

__global__ void count_level(const int32_t* dist, int64_t n, int level, unsigned long long* count) {
    int64_t v = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    if (v < n && dist[v] == level) atomicAdd(count, 1ULL);
}

static unsigned long long level_count(const int32_t* d_dist, int64_t n, int level, cudaStream_t s) {
    unsigned long long* h = nullptr;
    unsigned long long* d = nullptr;
    cudaHostAlloc((void**)&h, sizeof(*h), cudaHostAllocMapped);
    cudaHostGetDevicePointer((void**)&d, h, 0);
    *h = 0;
    count_level<<<(unsigned)((n + 255) / 256), 256, 0, s>>>(d_dist, n, level, d);
    cudaStreamSynchronize(s);
    unsigned long long c = *h;
    cudaFreeHost(h);
    return c;
}

extern "C" int gx_bfs(gx_graph* g, int32_t src, int32_t* dist) {
    int32_t* d_dist = nullptr;
    int* changed_h = nullptr;
    int* changed_d = nullptr;
    cudaStream_t s;
    GX_TRY(cudaStreamCreate(&s));
    GX_TRY(cudaMalloc((void**)&d_dist, sizeof(int32_t) * g->n));
    GX_TRY(cudaHostAlloc((void**)&changed_h, sizeof(int), cudaHostAllocMapped));
    cudaHostGetDevicePointer((void**)&changed_d, changed_h, 0);
    cudaMemsetAsync(d_dist, 0xff, sizeof(int32_t) * g->n, s);
    cudaMemsetAsync(d_dist + src, 0, sizeof(int32_t), s);
    int level = 0;
    unsigned long long frontier = 1;
    while (frontier) {
        *changed_h = 0;
        bfs_level<<<(unsigned)((g->n + 255) / 256), 256, 0, s>>>(g->d_indptr, g->d_indices, d_dist, g->n, level,
                                                                 changed_d);
        cudaStreamSynchronize(s);
        ++level;
        frontier = *changed_h ? level_count(d_dist, g->n, level, s) : 0;
    }
    gx_copy_out(d_dist, dist, sizeof(int32_t) * g->n, s);
    cudaFreeHost(changed_h);
    cudaFree(d_dist);
    cudaStreamDestroy(s);
    return 0;
}
