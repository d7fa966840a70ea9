#ifndef SEEDALIGN_SA_H
#define SEEDALIGN_SA_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SA_CHECK(expr)                                                    \
  do {                                                                    \
    if ((expr) != 0) {                                                    \
      fprintf(stderr, "seedalign: %s failed at %s:%d\n", #expr, __FILE__, __LINE__); \
      goto fail;                                                          \
    }                                                                     \
  } while (0)

typedef struct sa_index {
  uint32_t* sa;      /* pinned suffix array */
  uint8_t* bwt;
  size_t n;
} sa_index;

#ifdef __cplusplus
extern "C" {
#endif
sa_index* sa_index_load(const char* path);
void sa_index_free(sa_index* idx);
int sa_seed_batch(sa_index* idx, const char* reads, const int* offsets, int n, int k, int w, int* out_hits);
int sa_minimizers(const char* reads, const int* offsets, int n, int k, int w, uint64_t** out, int* nout);
int sa_chain(const uint64_t* mins, int nmins, const sa_index* idx, int* out_hits, int n);
int sa_extend(const char* reads, size_t bytes, size_t chunk);
void* sa_kmer_scratch(size_t bytes);
int sa_write_sam(const char* path, const int* hits, int n);
int sa_write_paf(const char* path, const int* hits, int n);
#ifdef __cplusplus
}
#endif
#endif
