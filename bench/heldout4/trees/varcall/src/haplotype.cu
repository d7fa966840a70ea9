#include <cuda_runtime.h>

#include <cfloat>

#include "common.h"
#include "varcall.h"

__global__ void pairhmm_kernel(const uint8_t* reads, int nreads, int nhap, int hap_off, float* lik) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  const int h = blockIdx.y;
  if (r >= nreads || h >= nhap) return;
  const uint8_t* rec = reads + static_cast<size_t>(r) * 256;
  float acc = 0.f;
  for (int i = 0; i < rec[4]; ++i) acc += ((rec[8 + i] & 7) == ((hap_off + i + h) & 3)) ? -0.01f : -2.3f;
  lik[h * nreads + r] = acc;
}

static int best_genotype(const float* lik, int nhap, int nreads) {
  int best = 0;
  float best_ll = -FLT_MAX;
  for (int g = 0; g < nhap * (nhap + 1) / 2; ++g) {
    const int a = g % nhap, b = g / nhap;
    float ll = 0.f;
    for (int r = 0; r < nreads; ++r) ll += fmaxf(lik[a * nreads + r], lik[b * nreads + r]);
    if (ll > best_ll) {
      best_ll = ll;
      best = g;
    }
  }
  return best;
}

extern "C" int assemble_candidates(const region_slot_t* slot, const candidate_t* cands, int ncand,
                                   record_t* d_records, int64_t record_base) {
  uint8_t* d_reads = nullptr;
  float* d_lik = nullptr;
  CHECK_CUDA(cudaMalloc(&d_reads, static_cast<size_t>(slot->nreads) * 256));
  CHECK_CUDA(cudaMemcpy(d_reads, slot->reads, static_cast<size_t>(slot->nreads) * 256, cudaMemcpyHostToDevice));
  for (int c = 0; c < ncand; ++c) {
    const size_t n = static_cast<size_t>(cands[c].nhap) * slot->nreads;
    float* h_lik = nullptr;
    CHECK_CUDA(cudaMallocHost(reinterpret_cast<void**>(&h_lik), n * sizeof(float)));
    CHECK_CUDA(cudaMalloc(&d_lik, n * sizeof(float)));
    dim3 grid((slot->nreads + 127) / 128, cands[c].nhap);
    pairhmm_kernel<<<grid, 128>>>(d_reads, slot->nreads, cands[c].nhap, cands[c].hap_off, d_lik);
    CHECK_CUDA(cudaMemcpy(h_lik, d_lik, n * sizeof(float), cudaMemcpyDeviceToHost));
    record_t rec = {slot->tid, cands[c].pos, 'N', 'N', 30.f, best_genotype(h_lik, cands[c].nhap, slot->nreads)};
    CHECK_CUDA(cudaMemcpy(d_records + record_base + c, &rec, sizeof rec, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaFree(d_lik));
    CHECK_CUDA(cudaFreeHost(h_lik));
  }
  CHECK_CUDA(cudaFree(d_reads));
  return ncand;
}
