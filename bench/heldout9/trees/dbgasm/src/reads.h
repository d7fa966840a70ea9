#ifndef DBG_READS_H
#define DBG_READS_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  char* seq;          /* concatenated bases of the chunk, reads separated by '\n' */
  size_t len;
  size_t n_reads;
  uint32_t* offsets;  /* start of each read in seq */
} ReadChunk;

typedef struct ReadStream ReadStream;

typedef struct KmerTable KmerTable;

typedef struct {
  size_t n_nodes, n_edges, n_components;
  uint64_t* d_kmers;
  uint32_t* d_edges;
  char* d_seq;
  size_t* component_off;
  size_t* component_len;
} Graph;

typedef struct {
  size_t n;
  char** seqs;
  size_t* lens;
} ContigSet;

ReadStream* rs_open(const char* path, size_t chunk_bytes);
int rs_next(ReadStream* rs, ReadChunk* out);
void rs_close(ReadStream* rs);

int count_chunk(const ReadChunk* c, int k, uint64_t* histogram);
int correct_errors(ReadChunk* c);
int bloom_insert(const ReadChunk* c);
KmerTable* kt_create(size_t slots);
int kt_merge_chunk(KmerTable* kt, const ReadChunk* c);
void kt_destroy(KmerTable* kt);
void stats_snapshot(int chunk_id, const KmerTable* kt);
int build_graph(const KmerTable* kt, Graph* g);
int compact_graph(Graph* g);
int walk_contigs(const Graph* g, ContigSet* out);
int scaffold_pairs(const uint32_t* mates, size_t n, const ContigSet* cs);
void write_fasta(const char* path, const ContigSet* cs);

#ifdef __cplusplus
}
#endif
#endif
