#include <cuda_runtime.h>
#include <rmm/mr/host/pinned_memory_resource.hpp>

#include <cmath>

#include "cat/peril.hpp"

namespace cat {
namespace {

__global__ void holland_wind(const float *params, int n_events, const float *lat, const float *lon,
                             const float *tiv, int n_sites, float *loss) {
    int ev = blockIdx.y;
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (ev >= n_events || s >= n_sites) return;
    const float *p = params + 4 * ev;
    float r = hypotf(lat[s] - p[0], lon[s] - p[1]) * 111.f;
    float v = p[2] * expf(-r / fmaxf(p[3], 1.f));
    float dr = fminf(1.f, powf(fmaxf(v - 25.f, 0.f) / 60.f, 3.f));
    atomicAdd(&loss[ev], dr * tiv[s]);
}

class Hurricane final : public Peril {
public:
    const char *name() const override { return "hurricane"; }

    void sample(const EventBatch &b, const Exposure &e, float *loss_out) override {
        rmm::mr::pinned_memory_resource mr;
        const size_t pbytes = size_t(b.n_events) * 4 * sizeof(float);
        auto *params = static_cast<float *>(mr.allocate(pbytes));
        std::copy(b.params, b.params + size_t(b.n_events) * 4, params);
        float *d_params, *d_lat, *d_lon, *d_tiv, *d_loss;
        const size_t n = e.size();
        cudaMalloc(&d_params, pbytes);
        cudaMalloc(&d_lat, n * sizeof(float));
        cudaMalloc(&d_lon, n * sizeof(float));
        cudaMalloc(&d_tiv, n * sizeof(float));
        cudaMalloc(&d_loss, b.n_events * sizeof(float));
        cudaMemcpy(d_params, params, pbytes, cudaMemcpyHostToDevice);
        cudaMemcpy(d_lat, e.lat.data(), n * sizeof(float), cudaMemcpyHostToDevice);
        cudaMemcpy(d_lon, e.lon.data(), n * sizeof(float), cudaMemcpyHostToDevice);
        cudaMemcpy(d_tiv, e.tiv.data(), n * sizeof(float), cudaMemcpyHostToDevice);
        cudaMemset(d_loss, 0, b.n_events * sizeof(float));
        holland_wind<<<dim3(unsigned((n + 255) / 256), unsigned(b.n_events)), 256>>>(
            d_params, b.n_events, d_lat, d_lon, d_tiv, int(n), d_loss);
        cudaMemcpy(loss_out, d_loss, b.n_events * sizeof(float), cudaMemcpyDeviceToHost);
        for (float *p : {d_params, d_lat, d_lon, d_tiv, d_loss}) cudaFree(p);
        mr.deallocate(params, pbytes);
    }
};

}  // namespace

std::unique_ptr<Peril> make_hurricane() { return std::make_unique<Hurricane>(); }

}  // namespace cat
