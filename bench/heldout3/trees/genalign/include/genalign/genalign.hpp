#pragma once

#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "genalign/pinned.hpp"

namespace genalign {

constexpr int kMaxReadLen = 256;

struct ReadBatch {
    char* seqs = nullptr;      // n * kMaxReadLen bases, 0-padded
    uint8_t* quals = nullptr;  // phred, same layout
    uint16_t* lens = nullptr;
    std::vector<std::string> names;
    size_t n = 0;
    size_t capacity = 0;
    int slot = -1;  // staging-pool slot backing seqs/quals/lens
};

struct Hit {
    uint32_t ref_pos;
    int16_t score;
    uint8_t strand;
    uint8_t mapq;
};

struct AlnRecord {
    uint32_t read_idx;
    uint32_t ref_pos;
    uint32_t cigar_off;
    uint16_t cigar_len;
    uint8_t strand;
    uint8_t mapq;
};

struct QcStats {
    uint64_t reads = 0;
    uint64_t mapped = 0;
    uint64_t base_hist[4] = {0, 0, 0, 0};
    uint64_t qual_hist[64] = {};
};

// ---- FM index (fm_index.cu)

struct FmIndex {
    uint32_t* d_occ = nullptr;  // occurrence table, 4 x (n/64 + 1)
    uint32_t* d_sa = nullptr;   // sampled suffix array
    uint64_t n_occ = 0;
    uint64_t n_sa = 0;
    uint32_t sa_rate = 32;
    uint64_t ref_len = 0;
};

bool load_fm_index(const std::string& path, FmIndex& idx);
void free_fm_index(FmIndex& idx);

// ---- FASTQ batches in staging-pool slots (staging.cpp)

class BatchReader {
public:
    BatchReader(const std::string& fastq, StagingPool& pool, size_t batch_reads);
    ~BatchReader();
    bool next(ReadBatch& b);
    void recycle(ReadBatch& b);

private:
    gzFile in_;
    StagingPool& pool_;
    size_t batch_reads_;
};

// ---- QC (qc.cu)

#ifdef __CUDACC__
__global__ void qc_accumulate_kernel(const char* seqs, const uint8_t* quals, const uint16_t* lens, size_t n,
                                     unsigned long long* base_hist, unsigned long long* qual_hist);
#endif

int report_qc(const QcStats& counts, const unsigned long long* d_base_hist, const unsigned long long* d_qual_hist,
              std::FILE* out);

}  // namespace genalign
