#include <cuda_runtime.h>

#include <cstring>
#include <fstream>

#include "sfx/frame.hpp"

namespace sfx {

bool load_mask(const std::string &path, size_t n_px, std::vector<uint8_t> &out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    uint8_t *staging = nullptr;
    if (cudaHostAlloc(reinterpret_cast<void **>(&staging), n_px, cudaHostAllocDefault) != cudaSuccess)
        return false;
    if (!in.read(reinterpret_cast<char *>(staging), std::streamsize(n_px)))
        return false;
    out.assign(staging, staging + n_px);
    cudaFreeHost(staging);
    return true;
}

}  // namespace sfx
