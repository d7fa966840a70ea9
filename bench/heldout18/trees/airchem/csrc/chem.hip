#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chem.h"

#define AC_TRY(call) do { hipError_t e_ = (call); if (e_ != hipSuccess) { \
    fprintf(stderr, "acchem: %s failed: %s\n", #call, hipGetErrorString(e_)); return -1; } } while (0)
#define AC_DIE(call) do { hipError_t e_ = (call); if (e_ != hipSuccess) { \
    fprintf(stderr, "acchem: fatal: %s\n", hipGetErrorString(e_)); exit(2); } } while (0)

extern void launch_rosenbrock(float *d_conc, const float *d_rates, int n_cells, int n_species, float dt, hipStream_t s);
extern void launch_fastj(const float *d_sza, float *d_j, int n_cells, int bin, hipStream_t s);

static int g_cells, g_species;
static float *g_rates = NULL;   /* pinned rate-constant table, written by the host each hour */
static float *d_conc = NULL, *d_rates = NULL;
static hipStream_t g_stream;

int ac_init(int n_cells, int n_species) {
    g_cells = n_cells;
    g_species = n_species;
    AC_TRY(hipStreamCreate(&g_stream));
    AC_TRY(hipHostMalloc((void **)&g_rates, sizeof(float) * n_cells * 64, hipHostMallocDefault));
    AC_TRY(hipMalloc((void **)&d_conc, sizeof(float) * n_cells * n_species));
    AC_TRY(hipMalloc((void **)&d_rates, sizeof(float) * n_cells * 64));
    return 0;
}

int ac_step_chemistry(float *conc, int n_cells, float dt) {
    size_t bytes = sizeof(float) * (size_t)n_cells * g_species;
    float *stage = NULL;
    if (hipHostMalloc((void **)&stage, bytes, hipHostMallocNonCoherent) != hipSuccess) return -1;
    memcpy(stage, conc, bytes);
    hipMemcpyAsync(d_conc, stage, bytes, hipMemcpyHostToDevice, g_stream);
    hipMemcpyAsync(d_rates, g_rates, sizeof(float) * n_cells * 64, hipMemcpyHostToDevice, g_stream);
    launch_rosenbrock(d_conc, d_rates, n_cells, g_species, dt, g_stream);
    hipMemcpyAsync(stage, d_conc, bytes, hipMemcpyDeviceToHost, g_stream);
    hipStreamSynchronize(g_stream);
    memcpy(conc, stage, bytes);
    hipHostFree(stage);
    return 0;
}

int ac_photolysis(const float *sza, int n_cells, int n_bins, float *j_out) {
    float *d_sza = NULL, *d_j = NULL;
    AC_TRY(hipMalloc((void **)&d_sza, sizeof(float) * n_cells));
    AC_TRY(hipMalloc((void **)&d_j, sizeof(float) * n_cells));
    hipMemcpy(d_sza, sza, sizeof(float) * n_cells, hipMemcpyHostToDevice);
    for (int b = 0; b < n_bins; ++b) {
        float *h_j = NULL;
        hipHostMalloc((void **)&h_j, sizeof(float) * n_cells, hipHostMallocDefault);
        launch_fastj(d_sza, d_j, n_cells, b, g_stream);
        hipMemcpyAsync(h_j, d_j, sizeof(float) * n_cells, hipMemcpyDeviceToHost, g_stream);
        hipStreamSynchronize(g_stream);
        for (int c = 0; c < n_cells; ++c) j_out[c] += h_j[c];
        hipHostFree(h_j);
    }
    hipFree(d_sza);
    hipFree(d_j);
    return 0;
}

int ac_read_emissions(const char *path, float *emis, int n) {
    FILE *f = fopen(path, "rb");
    if (!f) return -2;
    size_t got = fread(emis, sizeof(float), (size_t)n, f);
    fclose(f);
    if (got != (size_t)n) return -3;
    AC_TRY(hipHostRegister(emis, sizeof(float) * n, hipHostRegisterDefault));
    float *d_emis = NULL;
    AC_TRY(hipMalloc((void **)&d_emis, sizeof(float) * n));
    AC_TRY(hipMemcpy(d_emis, emis, sizeof(float) * n, hipMemcpyHostToDevice));
    hipFree(d_emis);
    hipHostUnregister(emis);
    return 0;
}

int ac_write_output(const char *path, const float *conc, int n) {
    int rc = 0;
    float *h = NULL;
    FILE *f = NULL;
    if (hipHostMalloc((void **)&h, sizeof(float) * n, hipHostMallocDefault) != hipSuccess) return -1;
    memcpy(h, conc, sizeof(float) * n);
    f = fopen(path, "wb");
    if (!f) { rc = -2; goto out; }
    if (fwrite(h, sizeof(float), n, f) != (size_t)n) { rc = -3; goto out; }
out:
    if (f) fclose(f);
    hipHostFree(h);
    return rc;
}

int ac_load_landuse(const char *path, int n_cells) {
    unsigned char *lu = NULL;
    AC_DIE(hipHostMalloc((void **)&lu, (size_t)n_cells, hipHostMallocDefault));
    FILE *f = fopen(path, "rb");
    if (!f || fread(lu, 1, (size_t)n_cells, f) != (size_t)n_cells) {
        fprintf(stderr, "acchem: bad land-use file %s\n", path);
        exit(3);
    }
    fclose(f);
    for (int c = 0; c < n_cells; ++c) g_rates[c * 64 + 63] = lu[c] == 17 ? 0.f : 1.f;
    hipHostFree(lu);
    return 0;
}
