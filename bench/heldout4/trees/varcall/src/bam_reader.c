#include <string.h>
#include <zlib.h>

#include "common.h"
#include "varcall.h"

struct bam_reader {
  FILE* fp;
  uint8_t* block; /* pinned, write-combined: the host only writes it */
  size_t block_bytes;
  int32_t cur_tid;
  int64_t cur_pos;
};

bam_reader_t* bam_reader_open(const char* path, size_t block_bytes) {
  bam_reader_t* r = (bam_reader_t*)calloc(1, sizeof(*r));
  if (r == NULL) return NULL;
  r->fp = fopen(path, "rb");
  if (r->fp == NULL) {
    free(r);
    return NULL;
  }
  if (cudaHostAlloc((void**)&r->block, block_bytes, cudaHostAllocWriteCombined) != cudaSuccess) {
    fclose(r->fp);
    free(r);
    return NULL;
  }
  r->block_bytes = block_bytes;
  return r;
}

static int read_bgzf_block(bam_reader_t* r, size_t* out_len) {
  uint8_t hdr[18];
  if (fread(hdr, 1, sizeof hdr, r->fp) != sizeof hdr) return 0;
  const size_t bsize = (size_t)(hdr[16] | (hdr[17] << 8)) + 1;
  uint8_t comp[65536];
  if (fread(comp, 1, bsize - sizeof hdr, r->fp) != bsize - sizeof hdr) return -1;
  uLongf dest = (uLongf)r->block_bytes;
  if (uncompress(r->block, &dest, comp, (uLong)(bsize - sizeof hdr - 8)) != Z_OK) return -1;
  *out_len = dest;
  return 1;
}

int bam_reader_next_region(bam_reader_t* r, region_slot_t* slot) {
  size_t len = 0;
  const int rc = read_bgzf_block(r, &len);
  if (rc <= 0) return rc;
  if (len > slot->bytes) len = slot->bytes;
  memcpy(slot->reads, r->block, len);
  slot->tid = r->cur_tid;
  slot->start = r->cur_pos;
  slot->span = 1000;
  slot->nreads = (int32_t)(len / 256);
  r->cur_pos += slot->span;
  return 1;
}

void bam_reader_close(bam_reader_t* r) {
  if (r == NULL) return;
  cudaFreeHost(r->block);
  fclose(r->fp);
  free(r);
}
