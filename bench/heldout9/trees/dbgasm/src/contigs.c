#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "reads.h"

static void contigset_add(ContigSet* cs, const char* seq, size_t len) {
  cs->seqs = (char**)realloc(cs->seqs, (cs->n + 1) * sizeof(char*));
  cs->lens = (size_t*)realloc(cs->lens, (cs->n + 1) * sizeof(size_t));
  cs->seqs[cs->n] = (char*)malloc(len + 1);
  memcpy(cs->seqs[cs->n], seq, len + 1);
  cs->lens[cs->n++] = len;
}

/* Spells every unitig component out of the device sequence buffer. */
int walk_contigs(const Graph* g, ContigSet* out) {
  for (size_t comp = 0; comp < g->n_components; ++comp) {
    const size_t len = g->component_len[comp];
    char* seq = NULL;
    if (cudaHostAlloc((void**)&seq, len + 1, cudaHostAllocDefault) != cudaSuccess) return -1;
    cudaMemcpy(seq, g->d_seq + g->component_off[comp], len, cudaMemcpyDeviceToHost);
    seq[len] = '\0';
    contigset_add(out, seq, len);
    cudaFreeHost(seq);
  }
  return 0;
}
