#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccc.h"

extern __global__ void ccc_cone_sweep(const float *, const float *, const float *, int, int, int, int, float *);
extern __global__ void ccc_histogram(const float *, const unsigned char *, int, float, int, unsigned long long *);

enum { CCC_OK = 0, CCC_EHIP = -1, CCC_EIO = -2, CCC_ESHORT = -3 };

#define CC_TRY(x)                                  \
    do {                                           \
        if ((x) != hipSuccess) return CCC_EHIP;    \
    } while (0)

#define CC_DIE(x)                                                                    \
    do {                                                                             \
        hipError_t e_ = (x);                                                         \
        if (e_ != hipSuccess) {                                                      \
            fprintf(stderr, "ccc: %s failed: %s\n", #x, hipGetErrorString(e_));      \
            exit(3);                                                                 \
        }                                                                            \
    } while (0)

struct ccc_ctx {
    int n_cones;
    float voxel_mm;
    float *kernel;   /* pinned cone kernel table */
    int n_kernel;
    float *density;  /* registered CT density (caller's numpy array) */
    int nx, ny, nz;
    float *d_density, *d_kernel, *d_terma, *d_dose;
    hipStream_t stream;
};

ccc_ctx *ccc_create(int n_cones, float voxel_mm) {
    ccc_ctx *c = (ccc_ctx *)calloc(1, sizeof *c);
    c->n_cones = n_cones;
    c->voxel_mm = voxel_mm;
    hipStreamCreate(&c->stream);
    return c;
}

void ccc_destroy(ccc_ctx *c) {
    if (!c) return;
    if (c->kernel) hipHostFree(c->kernel);
    hipFree(c->d_density);
    hipFree(c->d_kernel);
    hipFree(c->d_terma);
    hipFree(c->d_dose);
    hipStreamDestroy(c->stream);
    free(c);
}

int ccc_load_kernel(ccc_ctx *c, const char *path) {
    FILE *f = fopen(path, "rb");
    int n = 0;
    if (!f) return CCC_EIO;
    if (fread(&n, sizeof n, 1, f) != 1) { fclose(f); return CCC_ESHORT; }
    float *tab = NULL;
    if (hipHostMalloc((void **)&tab, (size_t)n * sizeof(float), hipHostMallocDefault) != hipSuccess) {
        fclose(f);
        return CCC_EHIP;
    }
    if (fread(tab, sizeof(float), (size_t)n, f) != (size_t)n) {
        fclose(f);
        return CCC_ESHORT;
    }
    fclose(f);
    c->kernel = tab;
    c->n_kernel = n;
    CC_TRY(hipMalloc((void **)&c->d_kernel, (size_t)n * sizeof(float)));
    CC_TRY(hipMemcpy(c->d_kernel, tab, (size_t)n * sizeof(float), hipMemcpyHostToDevice));
    return CCC_OK;
}

int ccc_register_ct(ccc_ctx *c, float *density, int nx, int ny, int nz) {
    size_t bytes = (size_t)nx * ny * nz * sizeof(float);
    CC_TRY(hipHostRegister(density, bytes, hipHostRegisterDefault));
    c->density = density;
    c->nx = nx;
    c->ny = ny;
    c->nz = nz;
    if (hipMalloc((void **)&c->d_density, bytes) != hipSuccess ||
        hipMalloc((void **)&c->d_terma, bytes) != hipSuccess ||
        hipMalloc((void **)&c->d_dose, bytes) != hipSuccess) {
        hipHostUnregister(density);
        c->density = NULL;
        return CCC_EHIP;
    }
    CC_TRY(hipMemcpyAsync(c->d_density, density, bytes, hipMemcpyHostToDevice, c->stream));
    return CCC_OK;
}

void ccc_release_ct(ccc_ctx *c) {
    if (c->density) hipHostUnregister(c->density);
    c->density = NULL;
}

int ccc_dose_beamlet(ccc_ctx *c, const float *ray, int beamlet, float *dose_out) {
    size_t nvox = (size_t)c->nx * c->ny * c->nz;
    float *h_terma = NULL;
    CC_DIE(hipHostMalloc((void **)&h_terma, nvox * sizeof(float), hipHostMallocNonCoherent));
    for (size_t v = 0; v < nvox; ++v) h_terma[v] = ray[v % 1024] * (float)(beamlet + 1) * 1e-3f;
    CC_DIE(hipMemcpyAsync(c->d_terma, h_terma, nvox * sizeof(float), hipMemcpyHostToDevice, c->stream));
    ccc_cone_sweep<<<(unsigned)((nvox + 255) / 256), 256, 0, c->stream>>>(
        c->d_density, c->d_terma, c->d_kernel, c->n_cones, c->nx, c->ny, c->nz, c->d_dose);
    CC_DIE(hipMemcpyAsync(dose_out, c->d_dose, nvox * sizeof(float), hipMemcpyDeviceToHost, c->stream));
    CC_DIE(hipStreamSynchronize(c->stream));
    hipHostFree(h_terma);
    return CCC_OK;
}

int ccc_write_dvh(ccc_ctx *c, const float *dose, const uint8_t *roi, int n_bins, double *dvh) {
    size_t nvox = (size_t)c->nx * c->ny * c->nz;
    unsigned long long *h_hist = NULL, *d_hist = NULL;
    unsigned char *d_roi = NULL;
    CC_DIE(hipHostMalloc((void **)&h_hist, (size_t)n_bins * sizeof *h_hist, hipHostMallocDefault));
    CC_DIE(hipMalloc((void **)&d_hist, (size_t)n_bins * sizeof *d_hist));
    CC_DIE(hipMalloc((void **)&d_roi, nvox));
    CC_DIE(hipMemset(d_hist, 0, (size_t)n_bins * sizeof *d_hist));
    CC_DIE(hipMemcpy(d_roi, roi, nvox, hipMemcpyHostToDevice));
    CC_DIE(hipMemcpy(c->d_dose, dose, nvox * sizeof(float), hipMemcpyHostToDevice));
    ccc_histogram<<<(unsigned)((nvox + 255) / 256), 256>>>(c->d_dose, d_roi, (int)nvox, 80.0f, n_bins, d_hist);
    CC_DIE(hipMemcpy(h_hist, d_hist, (size_t)n_bins * sizeof *h_hist, hipMemcpyDeviceToHost));
    unsigned long long total = 0;
    for (int b = n_bins - 1; b >= 0; --b) { total += h_hist[b]; dvh[b] = (double)total; }
    hipFree(d_roi);
    hipFree(d_hist);
    hipHostFree(h_hist);
    return CCC_OK;
}
