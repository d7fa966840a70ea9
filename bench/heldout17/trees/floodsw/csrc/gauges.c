/* River-gauge sampling on the CUDA driver API. */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gauges.h"

#define GA_TRY(x)                                              \
    do {                                                       \
        CUresult r_ = (x);                                     \
        if (r_ != CUDA_SUCCESS) {                              \
            fprintf(stderr, "gauges: %s -> %d\n", #x, (int)r_); \
            return -1;                                         \
        }                                                      \
    } while (0)

typedef struct { int i, j; float datum; } station;

struct ga_ctx {
    CUcontext cu;
    station *stations;     /* pinned (cuMemHostAlloc, portable) */
    CUdeviceptr d_stations;
    int n;
    float **ring;          /* pinned per-slot sample rows */
    int slots;
};

ga_ctx *ga_init(int ring_slots) {
    ga_ctx *c = calloc(1, sizeof *c);
    CUdevice dev;
    cuInit(0);
    cuDeviceGet(&dev, 0);
    cuDevicePrimaryCtxRetain(&c->cu, dev);
    cuCtxSetCurrent(c->cu);
    c->slots = ring_slots;
    c->ring = calloc((size_t)ring_slots, sizeof(float *));
    for (int step = 0; step < ring_slots; ++step) {
        if (cuMemAllocHost((void **)&c->ring[step], 4096 * sizeof(float)) != CUDA_SUCCESS) {
            ga_close(c);
            return NULL;
        }
    }
    return c;
}

int ga_open(ga_ctx *c, const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    int n = 0;
    if (fscanf(f, "%d", &n) != 1 || n <= 0) { fclose(f); return -1; }
    station *tab = NULL;
    if (cuMemHostAlloc((void **)&tab, (size_t)n * sizeof *tab, CU_MEMHOSTALLOC_PORTABLE) != CUDA_SUCCESS) {
        fclose(f);
        return -1;
    }
    for (int k = 0; k < n; ++k) fscanf(f, "%d %d %f", &tab[k].i, &tab[k].j, &tab[k].datum);
    fclose(f);
    GA_TRY(cuMemAlloc(&c->d_stations, (size_t)n * sizeof *tab));
    GA_TRY(cuMemcpyHtoD(c->d_stations, tab, (size_t)n * sizeof *tab));
    c->stations = tab;
    c->n = n;
    return 0;
}

int ga_n_stations(const ga_ctx *c) { return c->n; }

int ga_sample(ga_ctx *c, float *depth, int ny, int nx, float *out) {
    size_t bytes = (size_t)ny * nx * sizeof(float);
    GA_TRY(cuMemHostRegister(depth, bytes, CU_MEMHOSTREGISTER_READ_ONLY));
    for (int k = 0; k < c->n; ++k) {
        const station *s = &c->stations[k];
        out[k] = depth[(size_t)s->i * nx + s->j] + s->datum;
    }
    cuMemHostUnregister(depth);
    return 0;
}

int ga_write_hydrograph(ga_ctx *c, const float *series, int n_steps, const char *path) {
    float *h = NULL;
    size_t bytes = (size_t)n_steps * c->n * sizeof(float);
    if (cuMemHostAlloc((void **)&h, bytes, 0) != CUDA_SUCCESS) return -1;
    memcpy(h, series, bytes);
    FILE *f = fopen(path, "w");
    if (f) {
        for (int t = 0; t < n_steps; ++t) {
            for (int k = 0; k < c->n; ++k) fprintf(f, k ? ",%.3f" : "%.3f", h[(size_t)t * c->n + k]);
            fputc('\n', f);
        }
        fclose(f);
    }
    cuMemFreeHost(h);
    return f ? 0 : -1;
}

void ga_close(ga_ctx *c) {
    if (!c) return;
    for (int i = 0; i < c->slots; ++i)
        if (c->ring[i]) cuMemFreeHost(c->ring[i]);
    free(c->ring);
    if (c->stations) cuMemFreeHost(c->stations);
    if (c->d_stations) cuMemFree(c->d_stations);
    free(c);
}
