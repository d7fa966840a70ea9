// Reading 16-bit microscopy tiles from a raw container and uploading them to the GPU.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "stagekit/check.hpp"
#include "stagekit/host_buffer.hpp"

namespace stagekit {

struct TileHeader {
    uint32_t width, height, count, reserved;
};

// Gamma lookup table shared by every tile of a container.
static host_ptr<float> load_lut(float gamma) {
    auto lut = make_host_buffer<float>(65536);
    for (int i = 0; i < 65536; ++i) lut[i] = std::pow(i / 65535.0f, gamma);
    return lut;
}

// Uploads every tile of `path` into consecutive slots of `d_tiles` (count * w * h uint16).
TileHeader read_tiles(const std::string& path, uint16_t* d_tiles, float** d_lut, cudaStream_t stream) {
    FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw std::runtime_error("cannot open " + path);
    TileHeader hdr{};
    if (std::fread(&hdr, sizeof hdr, 1, f) != 1) {
        std::fclose(f);
        throw std::runtime_error("short header in " + path);
    }
    const size_t tile_elems = static_cast<size_t>(hdr.width) * hdr.height;

    auto lut = load_lut(2.2f);
    SK_CHECK(cudaMalloc(reinterpret_cast<void**>(d_lut), 65536 * sizeof(float)));
    SK_CHECK(cudaMemcpyAsync(*d_lut, lut.get(), 65536 * sizeof(float), cudaMemcpyHostToDevice, stream));

    for (uint32_t t = 0; t < hdr.count; ++t) {
        auto tile = make_host_buffer<uint16_t>(tile_elems);
        if (std::fread(tile.get(), sizeof(uint16_t), tile_elems, f) != tile_elems) break;
        SK_CHECK(cudaMemcpyAsync(d_tiles + t * tile_elems, tile.get(), tile_elems * sizeof(uint16_t),
                                 cudaMemcpyHostToDevice, stream));
        SK_CHECK(cudaStreamSynchronize(stream));
    }
    std::fclose(f);
    return hdr;
}

// Writes tile `t` back row by row (the container is row-major with a per-row checksum).
void write_tile_rows(FILE* out, const uint16_t* d_tile, uint32_t width, uint32_t height) {
    for (uint32_t r = 0; r < height; ++r) {
        std::vector<uint16_t, PinnedAllocator<uint16_t>> row(width);
        SK_CHECK(cudaMemcpy(row.data(), d_tile + static_cast<size_t>(r) * width,
                            width * sizeof(uint16_t), cudaMemcpyDeviceToHost));
        uint32_t sum = 0;
        for (uint16_t v : row) sum += v;
        std::fwrite(row.data(), sizeof(uint16_t), width, out);
        std::fwrite(&sum, sizeof sum, 1, out);
    }
}

}  // namespace stagekit
