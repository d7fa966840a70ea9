#include "genalign/aligner.hpp"
#include "genalign/cuda_check.hpp"

#include <cstdlib>

namespace genalign {

namespace {

__device__ inline int base_code(char c) {
    switch (c) {
        case 'A': case 'a': return 0;
        case 'C': case 'c': return 1;
        case 'G': case 'g': return 2;
        case 'T': case 't': return 3;
        default: return -1;
    }
}

__global__ void exact_seed_kernel(const uint32_t* occ, uint64_t ref_len, const char* seqs,
                                  const uint16_t* lens, size_t n, Seed* out, unsigned int* count,
                                  size_t cap) {
    const size_t r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n) {
        return;
    }
    const char* s = seqs + r * kMaxReadLen;
    const int len = lens[r];
    uint32_t lo = 0, hi = static_cast<uint32_t>(ref_len);
    int q = len - 1;
    for (; q >= 0 && lo < hi; --q) {
        const int c = base_code(s[q]);
        if (c < 0) {
            break;
        }
        lo = occ[(lo >> 6) * 4 + c];
        hi = occ[(hi >> 6) * 4 + c];
    }
    if (len - 1 - q >= 19 && lo < hi) {
        const unsigned int slot = atomicAdd(count, 1u);
        if (slot < cap) {
            out[slot] = Seed{static_cast<uint32_t>(r), lo, hi, static_cast<uint16_t>(q + 1),
                             static_cast<uint16_t>(len - 1 - q)};
        }
    }
}

}  // namespace

SeedTable::SeedTable(size_t max_seeds) : cap_(max_seeds) {
    GA_CHECK(cudaHostAlloc(reinterpret_cast<void**>(&host_seeds_), cap_ * sizeof(Seed), cudaHostAllocDefault));
    GA_CHECK(cudaMalloc(&dev_seeds_, cap_ * sizeof(Seed)));
    GA_CHECK(cudaMalloc(&d_count_, sizeof(unsigned int)));
}

SeedTable::~SeedTable() {
    cudaFree(d_count_);
    cudaFree(dev_seeds_);
    std::free(host_seeds_);
}

size_t SeedTable::find(const FmIndex& idx, const char* d_seqs, const uint16_t* d_lens, size_t n,
                       cudaStream_t s) {
    GA_CHECK(cudaMemsetAsync(d_count_, 0, sizeof(unsigned int), s));
    exact_seed_kernel<<<(n + 255) / 256, 256, 0, s>>>(idx.d_occ, idx.ref_len, d_seqs, d_lens, n,
                                                      dev_seeds_, d_count_, cap_);
    unsigned int found = 0;
    GA_CHECK(cudaMemcpyAsync(&found, d_count_, sizeof(found), cudaMemcpyDeviceToHost, s));
    GA_CHECK(cudaStreamSynchronize(s));
    const size_t kept = found < cap_ ? found : cap_;
    GA_CHECK(cudaMemcpyAsync(host_seeds_, dev_seeds_, kept * sizeof(Seed), cudaMemcpyDeviceToHost, s));
    return kept;
}

// ---- Aligner

namespace {

__global__ void mapq_kernel(Hit* hits, const uint8_t* quals, const uint16_t* lens, size_t n) {
    const size_t r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n) {
        return;
    }
    int qsum = 0;
    for (int k = 0; k < lens[r]; ++k) {
        qsum += quals[r * kMaxReadLen + k];
    }
    const int mq = hits[r].score > 0 ? min(60, hits[r].score * qsum / (40 * max(1, (int)lens[r]))) : 0;
    hits[r].mapq = static_cast<uint8_t>(mq);
}

}  // namespace

Aligner::Aligner(const FmIndex& idx, size_t max_reads)
    : idx_(idx),
      max_reads_(max_reads),
      seeds_(max_reads * 8),
      results_(max_reads) {
    GA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    GA_CHECK(cudaMalloc(&d_seqs_, max_reads_ * kMaxReadLen));
    GA_CHECK(cudaMalloc(&d_quals_, max_reads_ * kMaxReadLen));
    GA_CHECK(cudaMalloc(&d_lens_, max_reads_ * sizeof(uint16_t)));
    GA_CHECK(cudaMalloc(&d_hits_, max_reads_ * sizeof(Hit)));
}

Aligner::~Aligner() {
    cudaFree(d_hits_);
    cudaFree(d_lens_);
    cudaFree(d_quals_);
    cudaFree(d_seqs_);
    cudaStreamDestroy(stream_);
}

void Aligner::align_batch(const ReadBatch& b, const uint8_t* trimmed_quals) {
    GA_CHECK(cudaMemcpyAsync(d_seqs_, b.seqs, b.n * kMaxReadLen, cudaMemcpyHostToDevice, stream_));
    GA_CHECK(cudaMemcpyAsync(d_quals_, trimmed_quals, b.n * kMaxReadLen, cudaMemcpyHostToDevice, stream_));
    GA_CHECK(cudaMemcpyAsync(d_lens_, b.lens, b.n * sizeof(uint16_t), cudaMemcpyHostToDevice, stream_));
    GA_CHECK(cudaMemsetAsync(d_hits_, 0, b.n * sizeof(Hit), stream_));

    const size_t n_seeds = seeds_.find(idx_, d_seqs_, d_lens_, b.n, stream_);
    launch_extend(idx_, b, d_seqs_, seeds_.device(), n_seeds, d_hits_, stream_);
    mapq_kernel<<<(b.n + 255) / 256, 256, 0, stream_>>>(d_hits_, d_quals_, d_lens_, b.n);

    GA_CHECK(cudaMemcpyAsync(results_.data(), d_hits_, b.n * sizeof(Hit), cudaMemcpyDeviceToHost, stream_));
    GA_CHECK(cudaStreamSynchronize(stream_));
    for (size_t r = 0; r < b.n; ++r) {
        mapped_ += results_[r].score > 0;
    }
}

}  // namespace genalign
