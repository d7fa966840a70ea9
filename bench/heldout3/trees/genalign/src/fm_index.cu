#include "genalign/cuda_check.hpp"
#include "genalign/genalign.hpp"

#include <algorithm>
#include <cstdio>

namespace genalign {

namespace {
constexpr uint64_t kMagic = 0x31584d4641474e47ull;  // "GNGAFMX1"
constexpr size_t kChunkBytes = size_t(64) << 20;

bool upload_section(FILE* fp, uint32_t* dst, uint64_t count, void* staging) {
    const uint64_t total = count * sizeof(uint32_t);
    uint64_t done = 0;
    while (done < total) {
        const size_t n = static_cast<size_t>(std::min<uint64_t>(kChunkBytes, total - done));
        if (std::fread(staging, 1, n, fp) != n) {
            return false;
        }
        GA_CHECK(cudaMemcpy(reinterpret_cast<char*>(dst) + done, staging, n, cudaMemcpyHostToDevice));
        done += n;
    }
    return true;
}
}  // namespace

bool load_fm_index(const std::string& path, FmIndex& idx) {
    FILE* fp = std::fopen(path.c_str(), "rb");
    if (fp == nullptr) {
        std::perror(path.c_str());
        return false;
    }
    uint64_t hdr[5];
    if (std::fread(hdr, sizeof(hdr), 1, fp) != 1 || hdr[0] != kMagic) {
        std::fprintf(stderr, "%s: not a genalign index\n", path.c_str());
        std::fclose(fp);
        return false;
    }
    idx.n_occ = hdr[1];
    idx.n_sa = hdr[2];
    idx.sa_rate = static_cast<uint32_t>(hdr[3]);
    idx.ref_len = hdr[4];

    void* staging = nullptr;
    GA_CHECK(cudaMallocHost(&staging, kChunkBytes));
    GA_CHECK(cudaMalloc(&idx.d_occ, idx.n_occ * sizeof(uint32_t)));
    GA_CHECK(cudaMalloc(&idx.d_sa, idx.n_sa * sizeof(uint32_t)));

    if (!upload_section(fp, idx.d_occ, idx.n_occ, staging)) {
        std::fprintf(stderr, "%s: truncated occurrence table\n", path.c_str());
        std::fclose(fp);
        free_fm_index(idx);
        return false;
    }
    if (!upload_section(fp, idx.d_sa, idx.n_sa, staging)) {
        std::fprintf(stderr, "%s: truncated suffix array\n", path.c_str());
        std::fclose(fp);
        free_fm_index(idx);
        return false;
    }
    cudaFreeHost(staging);
    std::fclose(fp);
    return true;
}

void free_fm_index(FmIndex& idx) {
    cudaFree(idx.d_occ);
    cudaFree(idx.d_sa);
    idx.d_occ = idx.d_sa = nullptr;
}

}  // namespace genalign
