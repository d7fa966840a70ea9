#include <cuda_runtime.h>

#include <cstdio>

#include "cat/peril.hpp"

namespace cat {

bool write_ylt(const std::string &path, std::vector<float> &ylt) {
    if (cudaHostRegister(ylt.data(), ylt.size() * sizeof(float), cudaHostRegisterPortable) != cudaSuccess)
        return false;
    FILE *out = std::fopen(path.c_str(), "wb");
    if (!out) return false;
    std::fwrite(ylt.data(), sizeof(float), ylt.size(), out);
    std::fclose(out);
    cudaHostUnregister(ylt.data());
    return true;
}

}  // namespace cat
