#ifndef GX_H
#define GX_H
#include <stdint.h>
#include <cuda_runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int64_t n, m;
    int64_t* h_indptr;
    int32_t* h_indices;
    int64_t* d_indptr;
    int32_t* d_indices;
} gx_graph;

#define GX_TRY(call)                                                    \
    do {                                                                \
        cudaError_t e_ = (call);                                        \
        if (e_ != cudaSuccess) return -(int)e_;                         \
    } while (0)

int gx_graph_load(const char* path, gx_graph* g);
int gx_graph_save(const char* path, const gx_graph* g);
int gx_graph_relabel(gx_graph* g, int by_degree);
int gx_bfs(gx_graph* g, int32_t src, int32_t* dist);
void* gx_pagerank_create(gx_graph* g, double alpha);
int gx_pagerank_iterate(void* ctx, double* out);
void gx_pagerank_destroy(void* ctx);
void* gx_host_scratch(size_t bytes);
int gx_copy_out(const void* d_src, void* h_dst, size_t bytes, cudaStream_t s);

#ifdef __cplusplus
}
#endif
#endif
