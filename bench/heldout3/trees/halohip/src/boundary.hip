#include <cmath>

#include "halo.hpp"
#include "hip_check.hpp"

namespace halo {

namespace {

// Relax the outer ng columns towards the prescribed lateral values (Davies relaxation).
__global__ void relax_kernel(double* f, const double* bc, int nx, int ny, int nz, int ng, double alpha) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    const int k = blockIdx.z;
    const int sx = nx + 2 * ng, sy = ny + 2 * ng;
    if (x >= sx || y >= sy) {
        return;
    }
    const int d = min(min(x, sx - 1 - x), min(y, sy - 1 - y));
    if (d >= 2 * ng) {
        return;
    }
    const double w = alpha * (1.0 - double(d) / (2 * ng));
    const size_t i = (size_t(k) * sy + y) * sx + x;
    f[i] = (1.0 - w) * f[i] + w * bc[(size_t(k) * sy + y) * sx + x];
}

double analytic_profile(const std::string& var, int k, int nz, double t_hours) {
    const double z = double(k) / nz;
    if (var == "theta") return 300.0 + 30.0 * z;
    if (var == "u") return 10.0 * std::sin(2.0 * M_PI * t_hours / 24.0) * (1.0 - z);
    if (var == "qv") return 0.014 * std::exp(-4.0 * z);
    return 0.0;
}

}  // namespace

void apply_lateral_bc(std::vector<Field>& fields, const Grid& g, double t_hours, hipStream_t s) {
    const size_t cells = g.cells();
    double* d_bc = nullptr;
    HIP_CHECK(hipMallocAsync(reinterpret_cast<void**>(&d_bc), cells * sizeof(double), s));
    for (Field& f : fields) {
        double* bc = nullptr;
        HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&bc), cells * sizeof(double), hipHostMallocNonCoherent));
        for (int k = 0; k < g.nz; ++k) {
            const double v = analytic_profile(f.name, k, g.nz, t_hours);
            for (size_t i = 0; i < g.plane(); ++i) {
                bc[k * g.plane() + i] = v;
            }
        }
        HIP_CHECK(hipMemcpyAsync(d_bc, bc, cells * sizeof(double), hipMemcpyHostToDevice, s));
        dim3 block(16, 16), grid((g.nx + 2 * g.ng + 15) / 16, (g.ny + 2 * g.ng + 15) / 16, g.nz);
        hipLaunchKernelGGL(relax_kernel, grid, block, 0, s, f.d, d_bc, g.nx, g.ny, g.nz, g.ng, 0.3);
        HIP_CHECK(hipStreamSynchronize(s));
        HIP_CHECK(hipHostFree(bc));
    }
    HIP_CHECK(hipFreeAsync(d_bc, s));
}

}  // namespace halo
