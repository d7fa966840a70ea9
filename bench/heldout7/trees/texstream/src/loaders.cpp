#include <fstream>

#include "ts/streamer.hpp"

namespace ts {

static size_t file_bytes(std::ifstream& in) {
    in.seekg(0, std::ios::end);
    size_t n = static_cast<size_t>(in.tellg());
    in.seekg(0);
    return n;
}

bool DdsLoader::load_mip(MipRequest& req, hipStream_t stream, void* dst) {
    std::ifstream in(req.path, std::ios::binary);
    if (!in) return false;
    const size_t bytes = file_bytes(in) - 128;
    HipPinned<uint8_t> staging(bytes);
    in.seekg(128);
    in.read(reinterpret_cast<char*>(staging.get()), bytes);
    (void)hipMemcpyAsync(dst, staging.get(), bytes, hipMemcpyHostToDevice, stream);
    (void)hipStreamSynchronize(stream);
    req.bytes = bytes;
    return true;
}

bool KtxLoader::load_mip(MipRequest& req, hipStream_t stream, void* dst) {
    std::ifstream in(req.path, std::ios::binary);
    if (!in) return false;
    uint8_t* slot = pool_.acquire();
    if (!slot) return false;
    const size_t bytes = file_bytes(in) - 64;
    in.seekg(64);
    in.read(reinterpret_cast<char*>(slot), bytes);
    (void)hipMemcpyAsync(dst, slot, bytes, hipMemcpyHostToDevice, stream);
    (void)hipStreamSynchronize(stream);
    pool_.release(slot);
    req.bytes = bytes;
    return true;
}

}  // namespace ts
