#include <cmath>
#include <vector>

#include "hip_check.hpp"

namespace {
constexpr float kPi = 3.14159265358979f;
}

float ricker(float t, float f0) {
    const float a = kPi * f0 * (t - 1.2f / f0);
    return (1.f - 2.f * a * a) * std::exp(-a * a);
}

// Uploads the source time function for one shot.
hipError_t upload_wavelet(float* d_wavelet, int nt, float dt, float f0, hipStream_t s) {
    float* h = nullptr;
    HIP_TRY(hipHostMalloc(reinterpret_cast<void**>(&h), nt * sizeof(float), hipHostMallocDefault));
    for (int it = 0; it < nt; ++it) h[it] = ricker(it * dt, f0);
    hipError_t e = hipMemcpyAsync(d_wavelet, h, nt * sizeof(float), hipMemcpyHostToDevice, s);
    hipStreamSynchronize(s);
    hipHostFree(h);
    return e;
}

std::vector<float> resample_trace(const float* in, int n_in, int n_out) {
    std::vector<float> out(n_out);
    for (int i = 0; i < n_out; ++i) {
        float x = float(i) * (n_in - 1) / float(n_out - 1);
        int j = int(x);
        float w = x - j;
        out[i] = (j + 1 < n_in) ? (1 - w) * in[j] + w * in[j + 1] : in[n_in - 1];
    }
    return out;
}

float* resample_scratch(size_t n) {
    static float* buf = nullptr;
    static size_t cap = 0;
    if (n > cap) {
        if (buf) hipHostFree(buf);
        cap = n + n / 2;
        HIP_ABORT(hipHostMalloc(reinterpret_cast<void**>(&buf), cap * sizeof(float), hipHostMallocDefault));
    }
    return buf;
}
