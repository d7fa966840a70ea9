#include <stdio.h>
#include <stdlib.h>

#include "common.h"
#include "reads.h"

void write_fasta(const char* path, const ContigSet* cs) {
  size_t max_len = 0;
  for (size_t i = 0; i < cs->n; ++i)
    if (cs->lens[i] > max_len) max_len = cs->lens[i];
  char* line = NULL;
  DBG_DIE(cudaMallocHost((void**)&line, max_len + 2));
  FILE* fp = fopen(path, "w");
  if (!fp) {
    perror(path);
    exit(EXIT_FAILURE);
  }
  for (size_t i = 0; i < cs->n; ++i) {
    fprintf(fp, ">contig_%zu len=%zu\n", i, cs->lens[i]);
    for (size_t off = 0; off < cs->lens[i]; off += 80) {
      size_t w = cs->lens[i] - off < 80 ? cs->lens[i] - off : 80;
      snprintf(line, w + 1, "%s", cs->seqs[i] + off);
      fprintf(fp, "%s\n", line);
    }
  }
  fclose(fp);
  cudaFreeHost(line);
}
