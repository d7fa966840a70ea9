#include "reads.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

struct ReadStream {
  FILE* fp;
  size_t cap;
  char* buf;          /* page-locked chunk buffer, reused for every chunk */
  uint32_t offsets[1 << 16];
};

ReadStream* rs_open(const char* path, size_t chunk_bytes) {
  ReadStream* rs = (ReadStream*)calloc(1, sizeof(*rs));
  if (!rs) return NULL;
  rs->fp = fopen(path, "r");
  if (!rs->fp) {
    free(rs);
    return NULL;
  }
  rs->cap = chunk_bytes;
  if (cudaHostAlloc((void**)&rs->buf, chunk_bytes, cudaHostAllocPortable) != cudaSuccess) {
    fclose(rs->fp);
    free(rs);
    return NULL;
  }
  return rs;
}

/* Reads FASTQ records until the chunk is full; only sequence lines are kept. */
int rs_next(ReadStream* rs, ReadChunk* out) {
  char line[4096];
  size_t len = 0, n = 0;
  long mark = 0;
  while (n < (1 << 16)) {
    mark = ftell(rs->fp);
    if (!fgets(line, sizeof line, rs->fp)) break;       /* header */
    if (!fgets(line, sizeof line, rs->fp)) break;       /* sequence */
    size_t l = strlen(line);
    if (len + l > rs->cap) {
      fseek(rs->fp, mark, SEEK_SET);
      break;
    }
    rs->offsets[n++] = (uint32_t)len;
    memcpy(rs->buf + len, line, l);
    len += l;
    if (!fgets(line, sizeof line, rs->fp) || !fgets(line, sizeof line, rs->fp)) break;
  }
  out->seq = rs->buf;
  out->len = len;
  out->n_reads = n;
  out->offsets = rs->offsets;
  return n > 0;
}

void rs_close(ReadStream* rs) {
  if (!rs) return;
  cudaFreeHost(rs->buf);
  fclose(rs->fp);
  free(rs);
}
