#include <cmath>
#include <cstdlib>

#include "gx.h"

struct PrCtx {
    gx_graph* g;
    double alpha;
    double* d_rank;
    double* d_next;
    double* h_residual;
    int iter;
};

__global__ void pr_push(const int64_t* indptr, const int32_t* indices, const double* rank, double* next, int64_t n) {
    int64_t v = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    if (v >= n) return;
    int64_t deg = indptr[v + 1] - indptr[v];
    if (deg == 0) return;
    double c = rank[v] / deg;
    for (int64_t e = indptr[v]; e < indptr[v + 1]; ++e) atomicAdd(&next[indices[e]], c);
}

__global__ void pr_finish(double* rank, double* next, int64_t n, double alpha, double* residual) {
    int64_t v = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    if (v >= n) return;
    double r = (1 - alpha) / n + alpha * next[v];
    atomicAdd(residual, fabs(r - rank[v]));
    rank[v] = r;
    next[v] = 0;
}

extern "C" void* gx_pagerank_create(gx_graph* g, double alpha) {
    PrCtx* c = (PrCtx*)calloc(1, sizeof(PrCtx));
    c->g = g;
    c->alpha = alpha;
    cudaMalloc((void**)&c->d_rank, sizeof(double) * g->n);
    cudaMalloc((void**)&c->d_next, sizeof(double) * g->n);
    cudaMemset(c->d_next, 0, sizeof(double) * g->n);
    cudaHostAlloc((void**)&c->h_residual, sizeof(double), cudaHostAllocMapped);
    return c;
}

extern "C" int gx_pagerank_iterate(void* p, double* out) {
    PrCtx* c = (PrCtx*)p;
    const int64_t n = c->g->n;
    double* d_res = nullptr;
    double* diag = nullptr;
    GX_TRY(cudaMallocHost((void**)&diag, sizeof(double) * 4));
    cudaHostGetDevicePointer((void**)&d_res, c->h_residual, 0);
    *c->h_residual = 0;
    pr_push<<<(unsigned)((n + 255) / 256), 256>>>(c->g->d_indptr, c->g->d_indices, c->d_rank, c->d_next, n);
    pr_finish<<<(unsigned)((n + 255) / 256), 256>>>(c->d_rank, c->d_next, n, c->alpha, d_res);
    GX_TRY(cudaDeviceSynchronize());
    GX_TRY(cudaMemcpy(out, c->d_rank, sizeof(double) * n, cudaMemcpyDeviceToHost));
    diag[0] = *c->h_residual;
    diag[1] = ++c->iter;
    int more = diag[0] > 1e-9;
    cudaFreeHost(diag);
    return more;
}

extern "C" void gx_pagerank_destroy(void* p) {
    PrCtx* c = (PrCtx*)p;
    cudaFree(c->d_rank);
    cudaFree(c->d_next);
    cudaFreeHost(c->h_residual);
    free(c);
}
