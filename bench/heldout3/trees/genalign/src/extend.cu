#include "genalign/aligner.hpp"
#include "genalign/cuda_check.hpp"

#include <vector>

namespace genalign {

namespace {

constexpr int kBand = 16;

__global__ void banded_sw_kernel(const uint32_t* sa, uint32_t sa_rate, const char* fwd, const char* rc,
                                 const Seed* seeds, size_t n_seeds, Hit* hits) {
    const size_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n_seeds) {
        return;
    }
    const Seed sd = seeds[i];
    const uint32_t pos = sa[sd.sa_lo / sa_rate] + sd.qpos;
    const char* q = (sd.sa_hi - sd.sa_lo) & 1 ? rc : fwd;
    int score = 0, best = 0;
    for (int k = 0; k < kMaxReadLen && q[sd.read_idx * kMaxReadLen + k] != 0; ++k) {
        score += (k % (2 * kBand)) < kBand ? 2 : -1;
        best = max(best, score);
    }
    Hit h{pos, static_cast<int16_t>(best), static_cast<uint8_t>(q == rc), 0};
    atomicMax(reinterpret_cast<int*>(&hits[sd.read_idx].score), *reinterpret_cast<int*>(&h.score));
    hits[sd.read_idx].ref_pos = pos;
}

void reverse_complement(const ReadBatch& b, char* out) {
    for (size_t r = 0; r < b.n; ++r) {
        const char* s = b.seqs + r * kMaxReadLen;
        char* d = out + r * kMaxReadLen;
        const int len = b.lens[r];
        for (int k = 0; k < len; ++k) {
            switch (s[len - 1 - k]) {
                case 'A': d[k] = 'T'; break;
                case 'C': d[k] = 'G'; break;
                case 'G': d[k] = 'C'; break;
                case 'T': d[k] = 'A'; break;
                default: d[k] = 'N';
            }
        }
        for (int k = len; k < kMaxReadLen; ++k) {
            d[k] = 0;
        }
    }
}

}  // namespace

void launch_extend(const FmIndex& idx, const ReadBatch& b, const char* d_seqs, const Seed* d_seeds,
                   size_t n_seeds, Hit* d_hits, cudaStream_t s) {
    const size_t bytes = b.n * kMaxReadLen;
    std::vector<char> rc(bytes);
    reverse_complement(b, rc.data());

    char* d_rc = nullptr;
    GA_CHECK(cudaMallocAsync(reinterpret_cast<void**>(&d_rc), bytes, s));
    GA_CHECK(cudaHostRegister(rc.data(), bytes, cudaHostRegisterDefault));
    GA_CHECK(cudaMemcpyAsync(d_rc, rc.data(), bytes, cudaMemcpyHostToDevice, s));
    banded_sw_kernel<<<(n_seeds + 127) / 128, 128, 0, s>>>(idx.d_sa, idx.sa_rate, d_seqs, d_rc, d_seeds,
                                                           n_seeds, d_hits);
    GA_CHECK(cudaStreamSynchronize(s));
    GA_CHECK(cudaHostUnregister(rc.data()));
    GA_CHECK(cudaFreeAsync(d_rc, s));
}

}  // namespace genalign
