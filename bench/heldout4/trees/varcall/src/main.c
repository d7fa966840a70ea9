#include <string.h>

#include "common.h"
#include "varcall.h"

#define SLOT_BYTES (64u << 20)
#define BLOCK_BYTES (1u << 16)
#define MAX_CANDS 4096
#define MAX_SPAN 1000

int main(int argc, char** argv) {
  if (argc < 6) {
    fprintf(stderr, "usage: %s reads.bam ref.fa qual.model out.vcf out.idx\n", argv[0]);
    return 2;
  }
  region_pool_t pool;
  if (region_pool_init(&pool, 8, SLOT_BYTES) != 0) return 1;
  bam_reader_t* rd = bam_reader_open(argv[1], BLOCK_BYTES);
  if (rd == NULL) {
    fprintf(stderr, "cannot open %s\n", argv[1]);
    return 1;
  }
  reference_t ref;
  if (reference_load(argv[2], &ref) != 0) {
    fprintf(stderr, "cannot load reference %s\n", argv[2]);
    return 1;
  }
  qual_model_t* qm = load_qual_model(argv[3]);
  if (qm == NULL) {
    fprintf(stderr, "warning: no usable quality model in %s, using a flat one\n", argv[3]);
    qm = flat_qual_model();
  }
  vcf_writer_t out;
  if (vcf_open(&out, argv[4]) != 0) return 1;

  candidate_t* cands = (candidate_t*)malloc(MAX_CANDS * sizeof(candidate_t));
  record_t* d_records = NULL;
  int64_t* d_offsets = NULL;
  int32_t* d_counts = NULL;
  const int64_t max_records = 1 << 24;
  CHECK_CUDA(cudaMalloc((void**)&d_records, max_records * sizeof(record_t)));
  CHECK_CUDA(cudaMalloc((void**)&d_offsets, (1 << 20) * sizeof(int64_t)));
  CHECK_CUDA(cudaMalloc((void**)&d_counts, MAX_SPAN * 5 * sizeof(int32_t)));
  run_stats_t stats;
  memset(&stats, 0, sizeof stats);
  int64_t nrec = 0;
  region_slot_t* slot;
  while ((slot = region_pool_acquire(&pool)) != NULL && bam_reader_next_region(rd, slot) > 0) {
    const int ncand = call_region(slot, &ref, qm, cands, MAX_CANDS, d_counts);
    if (ncand > 0 && nrec + ncand < max_records) nrec += assemble_candidates(slot, cands, ncand, d_records, nrec);
    accumulate_stats(d_counts, slot->span, &stats);
    region_pool_release(&pool, slot);
  }

  int32_t* depth = (int32_t*)malloc(MAX_SPAN * sizeof(int32_t));
  if (compute_depth(depth, MAX_SPAN, d_counts) != 0) fprintf(stderr, "warning: depth summary unavailable\n");
  if (vcf_flush_records(&out, d_records, (int)nrec) != 0) fprintf(stderr, "error writing %s\n", argv[4]);
  if (vcf_write_index(argv[5], d_offsets, (int)(nrec / 1024 + 1)) != 0) fprintf(stderr, "no index written\n");
  fprintf(stderr, "%llu regions, %lld records\n", (unsigned long long)stats.regions, (long long)nrec);

  free(depth);
  free(cands);
  vcf_close(&out);
  free_qual_model(qm);
  reference_free(&ref);
  bam_reader_close(rd);
  region_pool_destroy(&pool);
  cudaFree(d_records);
  cudaFree(d_offsets);
  cudaFree(d_counts);
  return 0;
}
