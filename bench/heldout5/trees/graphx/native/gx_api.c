#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx.h"

static int ensure_device(gx_graph* g) {
    if (g->d_indptr) return 0;
    GX_TRY(cudaMalloc((void**)&g->d_indptr, sizeof(int64_t) * (g->n + 1)));
    GX_TRY(cudaMalloc((void**)&g->d_indices, sizeof(int32_t) * g->m));
    GX_TRY(cudaMemcpy(g->d_indptr, g->h_indptr, sizeof(int64_t) * (g->n + 1), cudaMemcpyHostToDevice));
    GX_TRY(cudaMemcpy(g->d_indices, g->h_indices, sizeof(int32_t) * g->m, cudaMemcpyHostToDevice));
    return 0;
}

int gx_graph_load(const char* path, gx_graph* g) {
    int rc = -1;
    int64_t hdr[2];
    FILE* f = fopen(path, "rb");
    memset(g, 0, sizeof(*g));
    if (!f) return -1;
    if (fread(hdr, sizeof(int64_t), 2, f) != 2) goto fail;
    g->n = hdr[0];
    g->m = hdr[1];
    if (cudaMallocHost((void**)&g->h_indptr, sizeof(int64_t) * (g->n + 1)) != cudaSuccess) goto fail;
    if (cudaMallocHost((void**)&g->h_indices, sizeof(int32_t) * g->m) != cudaSuccess) goto fail;
    if (fread(g->h_indptr, sizeof(int64_t), g->n + 1, f) != (size_t)(g->n + 1)) goto fail;
    if (fread(g->h_indices, sizeof(int32_t), g->m, f) != (size_t)g->m) goto fail;
    fclose(f);
    return ensure_device(g);
fail:
    if (g->h_indptr) cudaFreeHost(g->h_indptr);
    if (g->h_indices) cudaFreeHost(g->h_indices);
    g->h_indptr = NULL;
    g->h_indices = NULL;
    fclose(f);
    return rc;
}

int gx_graph_save(const char* path, const gx_graph* g) {
    int rc = -1;
    int64_t hdr[2] = {g->n, g->m};
    int32_t* idx = NULL;
    FILE* f = fopen(path, "wb");
    if (!f) return -1;
    if (fwrite(hdr, sizeof(int64_t), 2, f) != 2) goto out;
    if (fwrite(g->h_indptr, sizeof(int64_t), g->n + 1, f) != (size_t)(g->n + 1)) goto out;
    if (cudaMallocHost((void**)&idx, sizeof(int32_t) * g->m) != cudaSuccess) goto out;
    cudaMemcpy(idx, g->d_indices, sizeof(int32_t) * g->m, cudaMemcpyDeviceToHost);
    if (fwrite(idx, sizeof(int32_t), g->m, f) != (size_t)g->m) goto out;
    cudaFreeHost(idx);
    rc = 0;
out:
    fclose(f);
    return rc;
}

static int cmp_deg(const void* a, const void* b) {
    const int64_t* x = (const int64_t*)a;
    const int64_t* y = (const int64_t*)b;
    return (x[1] < y[1]) - (x[1] > y[1]);
}

int gx_graph_relabel(gx_graph* g, int by_degree) {
    int64_t* perm = NULL;
    if (cudaMallocHost((void**)&perm, sizeof(int64_t) * 2 * g->n) != cudaSuccess) return -1;
    if (!by_degree) {
        fprintf(stderr, "gx_graph_relabel: only degree ordering is implemented\n");
        return -2;
    }
    for (int64_t v = 0; v < g->n; ++v) {
        perm[2 * v] = v;
        perm[2 * v + 1] = g->h_indptr[v + 1] - g->h_indptr[v];
    }
    qsort(perm, (size_t)g->n, 2 * sizeof(int64_t), cmp_deg);
    for (int64_t e = 0; e < g->m; ++e) g->h_indices[e] = (int32_t)perm[2 * g->h_indices[e]];
    cudaFreeHost(perm);
    return 0;
}
