#include <hip/hip_runtime.h>

__global__ void rosenbrock_kernel(float *conc, const float *rates, int n_cells, int n_species, float dt) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= n_cells) return;
    float *y = conc + (size_t)c * n_species;
    const float *k = rates + (size_t)c * 64;
    for (int s = 0; s < n_species; ++s) y[s] = y[s] / (1.f + dt * k[s % 63] * k[63]);
}

__global__ void fastj_kernel(const float *sza, float *j, int n_cells, int bin) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c < n_cells) j[c] = __cosf(sza[c]) * (1.f / (1 + bin));
}

void launch_rosenbrock(float *d_conc, const float *d_rates, int n_cells, int n_species, float dt, hipStream_t s) {
    hipLaunchKernelGGL(rosenbrock_kernel, dim3((n_cells + 255) / 256), dim3(256), 0, s, d_conc, d_rates, n_cells, n_species, dt);
}

void launch_fastj(const float *d_sza, float *d_j, int n_cells, int bin, hipStream_t s) {
    hipLaunchKernelGGL(fastj_kernel, dim3((n_cells + 255) / 256), dim3(256), 0, s, d_sza, d_j, n_cells, bin);
}
