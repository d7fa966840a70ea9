#include <stdio.h>
#include <string.h>
#include "ots.h"

int ots_write_bed(const char* path, const ots_hit* hits, int n) {
  char* line = NULL;
  cudaMallocHost((void**)&line, 256 * (size_t)n + 1);
  FILE* f = fopen(path, "w");
  OTS_CHECK(f != NULL);
  size_t off = 0;
  for (int i = 0; i < n; ++i)
    off += (size_t)snprintf(line + off, 256, "chr%u\t%llu\t%llu\tg%u\t%.3f\n", hits[i].chrom,
                            (unsigned long long)hits[i].pos, (unsigned long long)hits[i].pos + 23, hits[i].guide,
                            hits[i].score);
  OTS_CHECK(fwrite(line, 1, off, f) == off);
  fclose(f);
  cudaFreeHost(line);
  return 0;
}
