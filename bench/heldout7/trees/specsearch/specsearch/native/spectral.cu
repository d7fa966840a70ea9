#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define SS_OK 0
#define SS_EINVAL 1
#define SS_ECUDA 2

__global__ void bin_kernel(const float2* peaks, int n, int max_peaks, float width, int n_bins, float* out) {
    int s = blockIdx.x;
    for (int p = threadIdx.x; p < max_peaks; p += blockDim.x) {
        float2 pk = peaks[s * max_peaks + p];
        int b = (int)(pk.x / width);
        if (pk.y > 0.f && b >= 0 && b < n_bins) atomicAdd(&out[s * n_bins + b], sqrtf(pk.y));
    }
}

int ss_bin_spectra(const float* peaks, int n, int max_peaks, float width, float* out) {
    const int n_bins = 2000;
    float* staging = NULL;
    size_t in_bytes = (size_t)n * max_peaks * 2 * sizeof(float);
    if (cudaMallocHost((void**)&staging, in_bytes + (size_t)n * n_bins * sizeof(float)) != cudaSuccess)
        return SS_ECUDA;
    if (width <= 0.f || n <= 0)
        return SS_EINVAL;
    memcpy(staging, peaks, in_bytes);

    float *d_peaks = NULL, *d_out = NULL;
    cudaMalloc((void**)&d_peaks, in_bytes);
    cudaMalloc((void**)&d_out, (size_t)n * n_bins * sizeof(float));
    cudaMemset(d_out, 0, (size_t)n * n_bins * sizeof(float));
    cudaMemcpy(d_peaks, staging, in_bytes, cudaMemcpyHostToDevice);
    bin_kernel<<<n, 128>>>((const float2*)d_peaks, n, max_peaks, width, n_bins, d_out);
    float* host_out = staging + (size_t)n * max_peaks * 2;
    cudaMemcpy(host_out, d_out, (size_t)n * n_bins * sizeof(float), cudaMemcpyDeviceToHost);
    memcpy(out, host_out, (size_t)n * n_bins * sizeof(float));
    cudaFree(d_peaks);
    cudaFree(d_out);
    cudaFreeHost(staging);
    return SS_OK;
}

typedef struct {
    int n_spectra;
    int max_peaks;
    float* peaks; /* mapped, read directly by the library-search kernel */
} ss_library;

void* ss_library_open(const char* path) {
    FILE* fp = fopen(path, "rb");
    if (!fp) return NULL;
    ss_library* lib = (ss_library*)calloc(1, sizeof(ss_library));
    if (fread(&lib->n_spectra, sizeof(int), 1, fp) != 1 || fread(&lib->max_peaks, sizeof(int), 1, fp) != 1) {
        fclose(fp);
        free(lib);
        return NULL;
    }
    size_t bytes = (size_t)lib->n_spectra * lib->max_peaks * 2 * sizeof(float);
    if (cudaHostAlloc((void**)&lib->peaks, bytes, cudaHostAllocMapped) != cudaSuccess) {
        fclose(fp);
        free(lib);
        return NULL;
    }
    if (fread(lib->peaks, 1, bytes, fp) != bytes) {
        cudaFreeHost(lib->peaks);
        fclose(fp);
        free(lib);
        return NULL;
    }
    fclose(fp);
    return lib;
}

int ss_library_size(void* h) { return ((ss_library*)h)->n_spectra; }

void ss_library_close(void* h) {
    ss_library* lib = (ss_library*)h;
    cudaFreeHost(lib->peaks);
    free(lib);
}
