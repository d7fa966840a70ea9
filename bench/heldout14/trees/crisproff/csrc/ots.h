#ifndef OTS_H
#define OTS_H
#include <stdint.h>
#include <stddef.h>
#include <cuda_runtime.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef struct ots_index { uint64_t nbases; uint32_t version; uint8_t* packed; uint8_t* d_packed; } ots_index;
typedef struct ots_hit { uint32_t guide; uint32_t chrom; uint64_t pos; uint8_t mm; float score; } ots_hit;
typedef struct ots_ws { float* mm_matrix; size_t cap; } ots_ws;

#define OTS_CHECK(x) do { if (!(x)) return -1; } while (0)

ots_index* ots_index_open(const char* path);
void ots_index_close(ots_index* idx);
int ots_index_build(const char* fasta, const char* out);
ots_ws* ots_ws_create(void);
void ots_ws_destroy(ots_ws* ws);
int ots_score_guides(ots_index* idx, ots_ws* ws, char* guides, int n, ots_hit* hits, int cap);
ots_hit* ots_alloc_hits(int cap);
void ots_free_hits(ots_hit* h);
int ots_write_bed(const char* path, const ots_hit* hits, int n);
#ifdef __cplusplus
}
#endif
#endif
