#pragma once
#include <cstdint>

__device__ inline uint64_t kc_mix64(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

__global__ void kc_minimizer_lca(const char *seqs, const uint32_t *offsets, int n_reads,
                                 const uint64_t *table, size_t n_slots, const uint32_t *parent,
                                 float confidence, uint32_t *taxa_out);

__global__ void kc_count_taxa(const uint32_t *taxa, int n_reads, unsigned long long *counts);
