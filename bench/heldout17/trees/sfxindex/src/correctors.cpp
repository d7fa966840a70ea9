#include <cuda_runtime.h>

#include <stdexcept>

#include "sfx/frame.hpp"

namespace sfx {
namespace {

void subtract_on_device(float *d, const float *dark, size_t n, cudaStream_t s);

class DarkCorrector final : public Corrector {
public:
    explicit DarkCorrector(const std::vector<float> &dark) : dark_(dark) {
        cudaMalloc(&d_dark_, dark_.size() * sizeof(float));
        cudaMemcpy(d_dark_, dark_.data(), dark_.size() * sizeof(float), cudaMemcpyHostToDevice);
        cudaMalloc(&d_px_, dark_.size() * sizeof(float));
        cudaStreamCreate(&stream_);
    }
    ~DarkCorrector() override {
        cudaFree(d_dark_);
        cudaFree(d_px_);
        cudaStreamDestroy(stream_);
    }
    const char *name() const override { return "dark"; }

    void apply(Frame &f) override {
        // The frame's numpy pages are page-locked for the async round trip, then released.
        if (cudaHostRegister(f.data, f.n_px * sizeof(float), cudaHostRegisterDefault) != cudaSuccess)
            throw std::runtime_error("dark: cudaHostRegister failed");
        cudaMemcpyAsync(d_px_, f.data, f.n_px * sizeof(float), cudaMemcpyHostToDevice, stream_);
        subtract_on_device(d_px_, d_dark_, f.n_px, stream_);
        cudaMemcpyAsync(f.data, d_px_, f.n_px * sizeof(float), cudaMemcpyDeviceToHost, stream_);
        cudaStreamSynchronize(stream_);
        cudaHostUnregister(f.data);
    }

private:
    std::vector<float> dark_;
    float *d_dark_ = nullptr;
    float *d_px_ = nullptr;
    cudaStream_t stream_{};
};

class GainCorrector final : public Corrector {
public:
    explicit GainCorrector(std::vector<float> gain) : gain_(std::move(gain)) {}
    const char *name() const override { return "gain"; }
    void apply(Frame &f) override {
        for (size_t i = 0; i < f.n_px && i < gain_.size(); ++i) f.data[i] *= gain_[i];
    }

private:
    std::vector<float> gain_;
};

void subtract_on_device(float *d, const float *dark, size_t n, cudaStream_t s) {
    // cuBLAS-free axpy: d -= dark
    extern void sfx_axpy(float *, const float *, float, size_t, cudaStream_t);
    sfx_axpy(d, dark, -1.0f, n, s);
}

}  // namespace

std::unique_ptr<Corrector> make_dark_corrector(const std::vector<float> &dark) {
    return std::make_unique<DarkCorrector>(dark);
}
std::unique_ptr<Corrector> make_gain_corrector(std::vector<float> gain) {
    return std::make_unique<GainCorrector>(std::move(gain));
}

}  // namespace sfx
