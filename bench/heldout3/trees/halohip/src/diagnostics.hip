#include <cfloat>
#include <cstdio>

#include "halo.hpp"
#include "hip_check.hpp"

namespace halo {

namespace {

__global__ void colmax_kernel(const double* f, double* out, int nx, int ny, int nz, int ng) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= nx || y >= ny) {
        return;
    }
    const int sx = nx + 2 * ng, sy = ny + 2 * ng;
    double m = -DBL_MAX;
    for (int k = 0; k < nz; ++k) {
        m = fmax(m, f[(size_t(k) * sy + y + ng) * sx + x + ng]);
    }
    out[size_t(y) * nx + x] = m;
}

__global__ void level_mean_kernel(const double* f, double* out, int nx, int ny, int ng) {
    const int k = blockIdx.x;
    const int sx = nx + 2 * ng, sy = ny + 2 * ng;
    double acc = 0.0;
    for (int i = threadIdx.x; i < nx * ny; i += blockDim.x) {
        acc += f[(size_t(k) * sy + i / nx + ng) * sx + i % nx + ng];
    }
    atomicAdd(&out[k], acc / (nx * ny));
}

}  // namespace

Diagnostics::Diagnostics(const Grid& g) : g_(g) {
    HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&global_max_), sizeof(double), hipHostMallocCoherent));
    *global_max_ = -DBL_MAX;
}

Diagnostics::~Diagnostics() {
    // hipFree releases hipHostMalloc'd memory too.
    hipFree(global_max_);
}

// Domain-wide maximum of the column maxima; called at every output step.
void Diagnostics::column_max(const Field& f, int step, hipStream_t s) {
    const size_t n = size_t(g_.nx) * g_.ny;
    double* d_col = nullptr;
    double* h_col = nullptr;
    HIP_CHECK(hipMalloc(&d_col, n * sizeof(double)));
    HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&h_col), n * sizeof(double), hipHostMallocDefault));
    dim3 block(16, 16), grid((g_.nx + 15) / 16, (g_.ny + 15) / 16);
    hipLaunchKernelGGL(colmax_kernel, grid, block, 0, s, f.d, d_col, g_.nx, g_.ny, g_.nz, g_.ng);
    HIP_CHECK(hipMemcpyAsync(h_col, d_col, n * sizeof(double), hipMemcpyDeviceToHost, s));
    HIP_CHECK(hipStreamSynchronize(s));
    double local = -DBL_MAX;
    for (size_t i = 0; i < n; ++i) {
        local = h_col[i] > local ? h_col[i] : local;
    }
    MPI_Allreduce(&local, global_max_, 1, MPI_DOUBLE, MPI_MAX, g_.comm);
    if (g_rank == 0) {
        std::printf("step %6d  max(%s) = %.4f\n", step, f.name.c_str(), *global_max_);
    }
    HIP_CHECK(hipFree(h_col));
    HIP_CHECK(hipFree(d_col));
}

// Horizontal-mean vertical profile, written by rank 0 at the end of the run.
bool Diagnostics::dump_profile(const Field& f, const std::string& path, hipStream_t s) {
    double* d_mean = nullptr;
    double* h_mean = nullptr;
    HIP_CHECK(hipMalloc(&d_mean, g_.nz * sizeof(double)));
    HIP_CHECK(hipMemsetAsync(d_mean, 0, g_.nz * sizeof(double), s));
    HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&h_mean), g_.nz * sizeof(double), hipHostMallocDefault));
    hipLaunchKernelGGL(level_mean_kernel, dim3(g_.nz), dim3(256), 0, s, f.d, d_mean, g_.nx, g_.ny, g_.ng);
    HIP_CHECK(hipMemcpyAsync(h_mean, d_mean, g_.nz * sizeof(double), hipMemcpyDeviceToHost, s));
    HIP_CHECK(hipStreamSynchronize(s));
    HIP_CHECK(hipFree(d_mean));
    MPI_Allreduce(MPI_IN_PLACE, h_mean, g_.nz, MPI_DOUBLE, MPI_SUM, g_.comm);
    if (g_rank != 0) {
        hipHostFree(h_mean);
        return true;
    }
    std::FILE* fp = std::fopen(path.c_str(), "w");
    if (fp == nullptr) {
        std::perror(path.c_str());
        return false;
    }
    for (int k = 0; k < g_.nz; ++k) {
        std::fprintf(fp, "%d %.6e\n", k, h_mean[k] / (g_.px * g_.py));
    }
    std::fclose(fp);
    hipHostFree(h_mean);
    return true;
}

}  // namespace halo
