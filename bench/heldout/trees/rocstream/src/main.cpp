// rocstream: capture frames from a V4L2-like source, calibrate on the GPU, write results.
//
//   rocstream CALIB_DIR FRAMES [--direct]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <hip/hip_runtime.h>

#include "frame_io.h"
#include "hip_check.h"

using namespace rocstream;

constexpr uint32_t kWidth = 2048, kHeight = 2048;
constexpr size_t kFrameBytes = size_t(kWidth) * kHeight * sizeof(uint16_t);

// Stand-in for the capture driver: fills one frame, returns false at end of stream.
static bool capture(FILE* src, void* dst) {
    return std::fread(dst, 1, kFrameBytes, src) == kFrameBytes;
}

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: rocstream CALIB_DIR FRAMES [--direct]\n");
        return 2;
    }
    const std::string calib = argv[1];
    const bool direct = argc > 3 && std::strcmp(argv[3], "--direct") == 0;
    HIP_CHECK(hipSetDevice(0));

    float* d_weights = nullptr;
    uint16_t* d_dark = nullptr;
    float* d_flat = nullptr;
    uint32_t* d_bad = nullptr;
    uint32_t n_bad = 0;
    HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&d_weights), 4096 * sizeof(float)));
    HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&d_dark), kWidth * kHeight * sizeof(uint16_t)));
    HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&d_flat), kWidth * kHeight * sizeof(float)));
    stage_weights((calib + "/weights.bin").c_str(), d_weights, 4096);
    if (load_dark_table((calib + "/dark.bin").c_str(), d_dark, kWidth * kHeight) != 0) return 1;
    if (load_flat_table((calib + "/flat.bin").c_str(), d_flat, kWidth * kHeight) != 0) return 1;
    if (load_bad_pixels((calib + "/bad.bin").c_str(), &d_bad, &n_bad) != 0) return 1;

    FrameHeader* d_hdr = nullptr;
    FrameHeader* hdr = map_header(&d_hdr);

    hipStream_t stream;
    HIP_CHECK(hipStreamCreate(&stream));
    void* d_frame = nullptr;
    HIP_CHECK(hipMalloc(&d_frame, kFrameBytes));
    DeviceFeeder feeder(d_frame, kFrameBytes, stream);

    FILE* src = std::fopen(argv[2], "rb");
    if (!src) return 1;
    uint64_t seq = 0;
    if (direct) {
        for (;;) {
            std::vector<char> capture_buf(kFrameBytes);
            if (!capture(src, capture_buf.data())) break;
            feeder.push_from(capture_buf.data());
            hdr->sequence = seq++;
        }
    } else {
        HostRing ring(kFrameBytes, 4);
        std::vector<char> pool(kFrameBytes * 8);
        feeder.attach_capture_pool(pool.data(), pool.size());
        while (capture(src, ring.slot(seq))) {
            feeder.push(ring.slot(seq));
            hdr->sequence = seq++;
        }
        feeder.detach_capture_pool();
    }
    std::printf("rocstream: %llu frames\n", static_cast<unsigned long long>(seq));
    std::fclose(src);
    unmap_header(hdr);
    return 0;
}
