#include "genalign/cuda_check.hpp"
#include "genalign/genalign.hpp"

#include <cstdio>

namespace genalign {

__global__ void qc_accumulate_kernel(const char* seqs, const uint8_t* quals, const uint16_t* lens, size_t n,
                                     unsigned long long* base_hist, unsigned long long* qual_hist) {
    const size_t r = blockIdx.x;
    for (int k = threadIdx.x; k < lens[r]; k += blockDim.x) {
        const char c = seqs[r * kMaxReadLen + k];
        const int b = c == 'A' ? 0 : c == 'C' ? 1 : c == 'G' ? 2 : c == 'T' ? 3 : -1;
        if (b >= 0) {
            atomicAdd(&base_hist[b], 1ull);
        }
        atomicAdd(&qual_hist[quals[r * kMaxReadLen + k] & 63], 1ull);
    }
}

// Pull the device histograms once at the end of the run and print the report.
int report_qc(const QcStats& counts, const unsigned long long* d_base_hist, const unsigned long long* d_qual_hist,
              std::FILE* out) {
    unsigned long long* h_base = nullptr;
    unsigned long long* h_qual = nullptr;
    int rc = -1;
    uint64_t total = 0;

    GA_TRY(cudaMallocHost(reinterpret_cast<void**>(&h_base), 4 * sizeof(unsigned long long)), cleanup);
    GA_TRY(cudaMallocHost(reinterpret_cast<void**>(&h_qual), 64 * sizeof(unsigned long long)), cleanup);
    GA_TRY(cudaMemcpy(h_base, d_base_hist, 4 * sizeof(unsigned long long), cudaMemcpyDeviceToHost), cleanup);
    GA_TRY(cudaMemcpy(h_qual, d_qual_hist, 64 * sizeof(unsigned long long), cudaMemcpyDeviceToHost), cleanup);

    for (int b = 0; b < 4; ++b) {
        total += h_base[b];
    }
    std::fprintf(out, "reads\t%llu\nmapped\t%llu (%.2f%%)\n", static_cast<unsigned long long>(counts.reads),
                 static_cast<unsigned long long>(counts.mapped),
                 counts.reads ? 100.0 * counts.mapped / counts.reads : 0.0);
    for (int b = 0; b < 4; ++b) {
        std::fprintf(out, "base_%c\t%.3f\n", "ACGT"[b], total ? double(h_base[b]) / total : 0.0);
    }
    for (int q = 0; q < 64; ++q) {
        if (h_qual[q] != 0) {
            std::fprintf(out, "Q%d\t%llu\n", q, h_qual[q]);
        }
    }
    rc = 0;

cleanup:
    if (h_qual != nullptr) {
        cudaFreeHost(h_qual);
    }
    if (h_base != nullptr) {
        cudaFreeHost(h_base);
    }
    return rc;
}

}  // namespace genalign
