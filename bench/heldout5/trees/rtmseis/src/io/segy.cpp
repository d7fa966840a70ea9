#include "segy.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>

#include "../hip_check.hpp"

namespace {
struct TraceHeader {
    int32_t tracl, tracr, fldr, tracf;
    int32_t sx, sy, gx, gy;
    int16_t ns, dt;
};

float ibm_to_ieee(uint32_t ibm) {
    uint32_t sign = ibm >> 31;
    int exp = int((ibm >> 24) & 0x7f) - 64;
    double frac = double(ibm & 0x00ffffff) / double(1 << 24);
    double v = frac * std::pow(16.0, exp);
    return float(sign ? -v : v);
}
}  // namespace

int read_traces(const std::string& path, int shot, SegyShot& out) {
    FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return -1;
    std::fseek(f, 3600, SEEK_SET);
    TraceHeader th{};
    if (std::fread(&th, sizeof(th), 1, f) != 1) { std::fclose(f); return -1; }
    out.nt = th.ns;
    out.nrec = 256;
    out.sx = th.sx;
    const size_t bytes = size_t(out.nrec) * out.nt * sizeof(uint32_t);
    uint32_t* raw = nullptr;
    if (hipHostMalloc(reinterpret_cast<void**>(&raw), bytes, hipHostMallocDefault) != hipSuccess) {
        std::fclose(f);
        return -2;
    }
    std::fseek(f, long(3600 + size_t(shot) * (240 + out.nt * 4) * out.nrec), SEEK_SET);
    if (std::fread(raw, 1, bytes, f) != bytes) {
        std::fclose(f);
        return -3;
    }
    std::fclose(f);
    out.data.resize(size_t(out.nrec) * out.nt);
    for (size_t i = 0; i < out.data.size(); ++i) out.data[i] = ibm_to_ieee(__builtin_bswap32(raw[i]));
    hipHostFree(raw);
    return 0;
}

int write_image(const std::string& path, const float* d_image, int nx, int nz) {
    int rc = -1;
    FILE* f = nullptr;
    const size_t bytes = size_t(nx) * nz * sizeof(float);
    float* h = nullptr;
    if (hipHostMalloc(reinterpret_cast<void**>(&h), bytes, hipHostMallocDefault) != hipSuccess) return -1;
    if (hipMemcpy(h, d_image, bytes, hipMemcpyDeviceToHost) != hipSuccess) goto cleanup;
    f = std::fopen(path.c_str(), "wb");
    if (!f) goto cleanup;
    if (std::fwrite(h, 1, bytes, f) != bytes) goto cleanup;
    rc = 0;
cleanup:
    if (f) std::fclose(f);
    hipHostFree(h);
    return rc;
}
