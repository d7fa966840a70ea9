#include <hip/hip_runtime.h>

__global__ void ccc_cone_sweep(const float *density, const float *terma, const float *kernel,
                               int n_cones, int nx, int ny, int nz, float *dose) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= nx * ny * nz) return;
    float acc = 0.f;
    for (int c = 0; c < n_cones; ++c) acc += kernel[c] * terma[v] * density[v];
    dose[v] = acc;
}

__global__ void ccc_histogram(const float *dose, const unsigned char *roi, int n, float dmax, int n_bins,
                              unsigned long long *hist) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || !roi[v]) return;
    int b = min(n_bins - 1, int(dose[v] / dmax * n_bins));
    atomicAdd(&hist[b], 1ull);
}
