// Frame and table loading for rocstream (ROCm port of the capture pipeline).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include <hip/hip_runtime.h>

#include "hip_check.h"
#include "frame_io.h"

namespace rocstream {

// Calibration weights: read once at start-up, uploaded, host copy discarded.
void stage_weights(const char* path, float* d_weights, size_t count) {
    float* h = nullptr;
    HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&h), count * sizeof(float), hipHostMallocDefault));
    FILE* f = std::fopen(path, "rb");
    if (!f || std::fread(h, sizeof(float), count, f) != count) {
        std::fprintf(stderr, "rocstream: cannot read weights from %s\n", path);
        std::exit(1);
    }
    std::fclose(f);
    HIP_CHECK(hipMemcpy(d_weights, h, count * sizeof(float), hipMemcpyHostToDevice));
    HIP_CHECK(hipHostFree(h));
}

// Dark-frame table; returns 0 on success, negative on I/O errors.
int load_dark_table(const char* path, uint16_t* d_table, size_t count) {
    uint16_t* h = nullptr;
    if (!HIP_TRY(hipHostMalloc(reinterpret_cast<void**>(&h), count * sizeof(uint16_t), hipHostMallocDefault)))
        return -1;
    FILE* f = std::fopen(path, "rb");
    if (!f) return -2;
    size_t got = std::fread(h, sizeof(uint16_t), count, f);
    std::fclose(f);
    int rc = got == count ? 0 : -3;
    if (rc == 0 && !HIP_TRY(hipMemcpy(d_table, h, count * sizeof(uint16_t), hipMemcpyHostToDevice))) rc = -4;
    hipHostFree(h);
    return rc;
}

// Flat-field table, same file layout as the dark table.
int load_flat_table(const char* path, float* d_table, size_t count) {
    int rc = 0;
    FILE* f = nullptr;
    float* h = nullptr;
    if (!HIP_TRY(hipHostMalloc(reinterpret_cast<void**>(&h), count * sizeof(float), hipHostMallocDefault)))
        return -1;
    f = std::fopen(path, "rb");
    if (!f) {
        rc = -2;
        goto cleanup;
    }
    if (std::fread(h, sizeof(float), count, f) != count) {
        rc = -3;
        goto cleanup;
    }
    if (!HIP_TRY(hipMemcpy(d_table, h, count * sizeof(float), hipMemcpyHostToDevice))) rc = -4;
cleanup:
    if (f) std::fclose(f);
    hipHostFree(h);
    return rc;
}

// Bad-pixel list: variable length, prefixed by its count.
int load_bad_pixels(const char* path, uint32_t** d_list, uint32_t* n_out) {
    uint32_t n = 0;
    uint32_t* h = nullptr;
    FILE* f = std::fopen(path, "rb");
    if (!f) return -2;
    if (std::fread(&n, sizeof n, 1, f) != 1) goto fail;
    if (!HIP_TRY(hipHostMalloc(reinterpret_cast<void**>(&h), n * sizeof(uint32_t), hipHostMallocDefault)))
        goto fail;
    if (std::fread(h, sizeof(uint32_t), n, f) != n) goto fail;
    HIP_CHECK(hipMalloc(reinterpret_cast<void**>(d_list), n * sizeof(uint32_t)));
    HIP_CHECK(hipMemcpy(*d_list, h, n * sizeof(uint32_t), hipMemcpyHostToDevice));
    hipHostFree(h);
    std::fclose(f);
    *n_out = n;
    return 0;
fail:
    std::fclose(f);
    return -3;
}

// Header block shared with the device through a mapped host allocation.
FrameHeader* map_header(FrameHeader** d_alias) {
    FrameHeader* h = nullptr;
    HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&h), sizeof(FrameHeader), hipHostMallocMapped));
    HIP_CHECK(hipHostGetDevicePointer(reinterpret_cast<void**>(d_alias), h, 0));
    std::memset(h, 0, sizeof(FrameHeader));
    return h;
}

void unmap_header(FrameHeader* h) {
    HIP_CHECK(hipFree(h));
}

}  // namespace rocstream
