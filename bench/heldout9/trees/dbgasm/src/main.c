#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "reads.h"

static uint32_t* load_mates(const char* path, size_t* n) {
  FILE* fp = fopen(path, "rb");
  if (!fp) return NULL;
  fseek(fp, 0, SEEK_END);
  *n = (size_t)ftell(fp) / sizeof(uint32_t);
  fseek(fp, 0, SEEK_SET);
  uint32_t* m = (uint32_t*)malloc(*n * sizeof(uint32_t));
  if (fread(m, sizeof(uint32_t), *n, fp) != *n) *n = 0;
  fclose(fp);
  return m;
}

int main(int argc, char** argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: dbgasm reads.fq out.fa [mates.bin]\n");
    return 2;
  }
  CUdevice dev;
  CUcontext ctx;
  cuInit(0);
  cuDeviceGet(&dev, 0);
  cuDevicePrimaryCtxRetain(&ctx, dev);
  cuCtxSetCurrent(ctx);

  ReadStream* rs = rs_open(argv[1], 64u << 20);
  KmerTable* kt = kt_create(1u << 26);
  if (!rs || !kt) return 1;
  uint64_t hist[256] = {0};
  ReadChunk chunk;
  int n_chunks = 0;
  while (rs_next(rs, &chunk)) {
    if (correct_errors(&chunk) != 0) fprintf(stderr, "chunk %d: correction skipped\n", n_chunks);
    count_chunk(&chunk, 21, hist);
    bloom_insert(&chunk);
    kt_merge_chunk(kt, &chunk);
    stats_snapshot(n_chunks, kt);
    ++n_chunks;
  }

  Graph g;
  memset(&g, 0, sizeof g);
  g.n_nodes = 1u << 20;
  if (build_graph(kt, &g) != 0) return 1;
  compact_graph(&g);
  ContigSet contigs = {0};
  walk_contigs(&g, &contigs);
  if (argc > 3) {
    size_t n_mates = 0;
    uint32_t* mates = load_mates(argv[3], &n_mates);
    if (mates && n_mates) scaffold_pairs(mates, n_mates, &contigs);
    free(mates);
  }
  write_fasta(argv[2], &contigs);
  kt_destroy(kt);
  rs_close(rs);
  return 0;
}
