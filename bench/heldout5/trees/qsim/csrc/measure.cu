#include <curand.h>
#include <thrust/device_ptr.h>
#include <thrust/scan.h>
#include <thrust/transform.h>

#include <algorithm>
#include <vector>

#include "pinned_buffer.hpp"
#include "statevec.hpp"

struct Abs2 {
    __device__ float operator()(cuFloatComplex z) const { return z.x * z.x + z.y * z.y; }
};

std::vector<int64_t> measure_all(StateVector& sv, int shots, unsigned long long seed) {
    const size_t dim = sv.dim();
    float* d_cdf = nullptr;
    cudaMalloc(&d_cdf, dim * sizeof(float));
    thrust::device_ptr<cuFloatComplex> psi(sv.device());
    thrust::device_ptr<float> cdf(d_cdf);
    thrust::transform(psi, psi + dim, cdf, Abs2());
    thrust::inclusive_scan(cdf, cdf + dim, cdf);
    PinnedBuffer<float> cdf_host(dim);
    cudaMemcpy(cdf_host.data(), d_cdf, dim * sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(d_cdf);
    std::vector<int64_t> out(shots);
    curandGenerator_t gen;
    curandCreateGeneratorHost(&gen, CURAND_RNG_PSEUDO_DEFAULT);
    curandSetPseudoRandomGeneratorSeed(gen, seed);
    std::vector<float> u(shots);
    curandGenerateUniform(gen, u.data(), shots);
    curandDestroyGenerator(gen);
    for (int s = 0; s < shots; ++s)
        out[s] = std::lower_bound(cdf_host.data(), cdf_host.data() + dim, u[s] * cdf_host[dim - 1]) - cdf_host.data();
    return out;
}
