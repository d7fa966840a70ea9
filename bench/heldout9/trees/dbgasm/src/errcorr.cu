#include "common.h"
#include "reads.h"

__global__ void fix_homopolymers(char* seq, size_t len) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i == 0 || i + 1 >= len) return;
  if (seq[i] == 'N' && seq[i - 1] == seq[i + 1]) seq[i] = seq[i - 1];
}

/* Replaces isolated N calls inside homopolymer runs, in place. */
extern "C" int correct_errors(ReadChunk* c) {
  char* h_fix = nullptr;
  char* d_seq = nullptr;
  DBG_TRY(cudaMallocHost(reinterpret_cast<void**>(&h_fix), c->len));
  DBG_TRY(cudaMalloc(&d_seq, c->len));
  DBG_TRY(cudaMemcpy(d_seq, c->seq, c->len, cudaMemcpyHostToDevice));
  fix_homopolymers<<<(c->len + 255) / 256, 256>>>(d_seq, c->len);
  DBG_TRY(cudaMemcpy(h_fix, d_seq, c->len, cudaMemcpyDeviceToHost));
  memcpy(c->seq, h_fix, c->len);
  cudaFree(d_seq);
  cudaFreeHost(h_fix);
  return 0;
}
