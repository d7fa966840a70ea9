#include <cuda_runtime.h>

#include "common.h"
#include "varcall.h"

__global__ void pileup_kernel(const uint8_t* reads, int nreads, int64_t start, int span, int32_t* counts) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= nreads) return;
  const uint8_t* rec = reads + static_cast<size_t>(r) * 256;
  const int32_t pos = *reinterpret_cast<const int32_t*>(rec) - static_cast<int32_t>(start);
  const int len = rec[4];
  for (int i = 0; i < len && pos + i < span; ++i) {
    if (pos + i < 0) continue;
    const int base = rec[8 + i] & 7;
    atomicAdd(&counts[(pos + i) * 5 + (base < 5 ? base : 4)], 1);
  }
}

static int emit_candidates(const int32_t* counts, const region_slot_t* slot, const reference_t* ref,
                           const qual_model_t* qm, candidate_t* cands, int max_cands) {
  int n = 0;
  for (int p = 0; p < slot->span && n < max_cands; ++p) {
    const int32_t* c = counts + p * 5;
    const int32_t depth = c[0] + c[1] + c[2] + c[3] + c[4];
    const char refb = ref->seq[slot->start + p];
    for (int b = 0; b < 4; ++b) {
      if ("ACGT"[b] == refb || depth == 0) continue;
      if (c[b] * qm->table[b] > 0.2f * depth) {
        cands[n].pos = static_cast<int32_t>(slot->start + p);
        cands[n].nhap = 2;
        cands[n].nreads = depth;
        cands[n].hap_off = p;
        ++n;
        break;
      }
    }
  }
  return n;
}

extern "C" int call_region(const region_slot_t* slot, const reference_t* ref, const qual_model_t* qm,
                           candidate_t* cands, int max_cands, int32_t* d_depth_out) {
  const size_t bytes = static_cast<size_t>(slot->span) * 5 * sizeof(int32_t);
  int32_t* h_counts = nullptr;
  uint8_t* d_reads = nullptr;
  CHECK_CUDA(cudaMallocHost(reinterpret_cast<void**>(&h_counts), bytes));
  CHECK_CUDA(cudaMalloc(&d_reads, static_cast<size_t>(slot->nreads) * 256));
  CHECK_CUDA(cudaMemcpy(d_reads, slot->reads, static_cast<size_t>(slot->nreads) * 256, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(d_depth_out, 0, bytes));
  pileup_kernel<<<(slot->nreads + 127) / 128, 128>>>(d_reads, slot->nreads, slot->start, slot->span, d_depth_out);
  CHECK_CUDA(cudaMemcpy(h_counts, d_depth_out, bytes, cudaMemcpyDeviceToHost));
  const int n = emit_candidates(h_counts, slot, ref, qm, cands, max_cands);
  CHECK_CUDA(cudaFree(d_reads));
  CHECK_CUDA(cudaFreeHost(h_counts));
  return n;
}
