// stagecat: command-line front end for stagekit.
//
//   stagecat hist FILE | sum FILE | convert IN OUT SCALE | norm FILE | tiles CONTAINER | stream N
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <cuda_runtime.h>

#include "stagekit/check.hpp"
#include "stagekit/host_buffer.hpp"

namespace stagekit {
int histogram_file(FILE* f, unsigned* d_hist);
int checksum_file(FILE* f, uint64_t* out);
int convert_file(FILE* in, FILE* out, float scale);
void normalise_file(FILE* f, float* d_out);
struct TileHeader { uint32_t width, height, count, reserved; };
TileHeader read_tiles(const std::string& path, uint16_t* d_tiles, float** d_lut, cudaStream_t stream);
}  // namespace stagekit

using namespace stagekit;

static int usage() {
    std::fprintf(stderr, "usage: stagecat hist|sum|norm FILE | convert IN OUT SCALE | tiles CONTAINER\n");
    return 2;
}

int main(int argc, char** argv) {
    if (argc < 3) return usage();
    const std::string cmd = argv[1];
    SK_CHECK(cudaSetDevice(0));

    if (cmd == "tiles") {
        uint16_t* d_tiles = nullptr;
        float* d_lut = nullptr;
        SK_CHECK(cudaMalloc(&d_tiles, size_t(1) << 30));
        TileHeader hdr = read_tiles(argv[2], d_tiles, &d_lut, nullptr);
        std::printf("%u tiles of %ux%u\n", hdr.count, hdr.width, hdr.height);
        return 0;
    }

    FILE* f = std::fopen(argv[2], "rb");
    if (!f) return usage();
    int rc = 0;
    if (cmd == "hist") {
        unsigned* d_hist = nullptr;
        SK_CHECK(cudaMalloc(&d_hist, 256 * sizeof(unsigned)));
        SK_CHECK(cudaMemset(d_hist, 0, 256 * sizeof(unsigned)));
        rc = histogram_file(f, d_hist);
    } else if (cmd == "sum") {
        uint64_t s = 0;
        rc = checksum_file(f, &s);
        std::printf("%016llx\n", static_cast<unsigned long long>(s));
    } else if (cmd == "convert" && argc == 5) {
        FILE* out = std::fopen(argv[3], "wb");
        rc = out ? convert_file(f, out, std::strtof(argv[4], nullptr)) : 1;
        if (out) std::fclose(out);
    } else if (cmd == "norm") {
        float* d = nullptr;
        SK_CHECK(cudaMalloc(&d, size_t(1) << 28));
        normalise_file(f, d);
    } else {
        rc = usage();
    }
    std::fclose(f);
    return rc;
}
