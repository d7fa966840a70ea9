#pragma once

#include <cuda_runtime.h>

#include "genalign/genalign.hpp"
#include "genalign/pinned.hpp"

namespace genalign {

struct Seed {
    uint32_t read_idx;
    uint32_t sa_lo;
    uint32_t sa_hi;
    uint16_t qpos;
    uint16_t len;
};

class SeedTable {
public:
    explicit SeedTable(size_t max_seeds);
    ~SeedTable();
    SeedTable(const SeedTable&) = delete;
    SeedTable& operator=(const SeedTable&) = delete;

    size_t find(const FmIndex& idx, const char* d_seqs, const uint16_t* d_lens, size_t n, cudaStream_t s);
    Seed* device() { return dev_seeds_; }
    const Seed* host() const { return host_seeds_; }

private:
    size_t cap_;
    Seed* host_seeds_ = nullptr;
    Seed* dev_seeds_ = nullptr;
    unsigned int* d_count_ = nullptr;
};

// Banded Smith-Waterman extension of seeds on both strands; declared here, lives in extend.cu.
void launch_extend(const FmIndex& idx, const ReadBatch& b, const char* d_seqs, const Seed* d_seeds,
                   size_t n_seeds, Hit* d_hits, cudaStream_t s);

class Aligner {
public:
    Aligner(const FmIndex& idx, size_t max_reads);
    ~Aligner();

    // Aligns one batch; trimmed_quals is the caller's quality-trimmed copy of b.quals.
    void align_batch(const ReadBatch& b, const uint8_t* trimmed_quals);
    const Hit* hits() const { return results_.data(); }
    size_t mapped() const { return mapped_; }

private:
    const FmIndex& idx_;
    size_t max_reads_;
    cudaStream_t stream_ = nullptr;
    char* d_seqs_ = nullptr;
    uint8_t* d_quals_ = nullptr;
    uint16_t* d_lens_ = nullptr;
    Hit* d_hits_ = nullptr;
    SeedTable seeds_;
    PinnedBuffer<Hit> results_;
    size_t mapped_ = 0;
};

}  // namespace genalign
