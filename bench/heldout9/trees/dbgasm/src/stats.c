#include <stdio.h>

#include <cuda_runtime_api.h>

#include "reads.h"

void kt_fill_counters(const KmerTable* kt, unsigned* d_counters);

/* Progress line after every chunk: distinct k-mers, solid k-mers, max multiplicity. */
void stats_snapshot(int chunk_id, const KmerTable* kt) {
  unsigned* counters = NULL;
  unsigned* d_counters = NULL;
  if (cudaHostAlloc((void**)&counters, 4 * sizeof(unsigned), cudaHostAllocMapped) != cudaSuccess) return;
  cudaHostGetDevicePointer((void**)&d_counters, counters, 0);
  kt_fill_counters(kt, d_counters);
  cudaDeviceSynchronize();
  fprintf(stderr, "chunk %d: distinct=%u solid=%u max=%u\n", chunk_id, counters[0], counters[1], counters[2]);
  cudaFreeHost(counters);
}
