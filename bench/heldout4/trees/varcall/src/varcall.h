#ifndef VARCALL_H
#define VARCALL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  int32_t tid;
  int64_t start;
  int32_t span;
  int32_t nreads;
  uint8_t* reads; /* pinned slot owned by the pool */
  size_t bytes;
  int in_use;
} region_slot_t;

typedef struct {
  region_slot_t* slots;
  int nslots;
  size_t slot_bytes;
} region_pool_t;

typedef struct bam_reader bam_reader_t;

typedef struct {
  int32_t n;
  float* table;   /* pinned */
  float* d_table;
} qual_model_t;

typedef struct {
  int32_t pos;
  int32_t nhap;
  int32_t nreads;
  int32_t hap_off;
} candidate_t;

typedef struct {
  int32_t tid;
  int32_t pos;
  char ref;
  char alt;
  float qual;
  int32_t gt;
} record_t;

typedef struct {
  FILE* fp;
  int64_t nrecords;
} vcf_writer_t;

typedef struct {
  uint64_t regions, candidates, variants;
  int64_t depth_hist[256];
} run_stats_t;

typedef struct {
  char* seq;
  size_t len;
  int registered;
} reference_t;

int region_pool_init(region_pool_t* p, int nslots, size_t slot_bytes);
region_slot_t* region_pool_acquire(region_pool_t* p);
void region_pool_release(region_pool_t* p, region_slot_t* s);
void region_pool_destroy(region_pool_t* p);

bam_reader_t* bam_reader_open(const char* path, size_t block_bytes);
int bam_reader_next_region(bam_reader_t* r, region_slot_t* slot);
void bam_reader_close(bam_reader_t* r);

int reference_load(const char* fasta, reference_t* ref);
void reference_free(reference_t* ref);

qual_model_t* load_qual_model(const char* path);
qual_model_t* flat_qual_model(void);
void free_qual_model(qual_model_t* m);

int call_region(const region_slot_t* slot, const reference_t* ref, const qual_model_t* qm,
                candidate_t* cands, int max_cands, int32_t* d_depth_out);
int assemble_candidates(const region_slot_t* slot, const candidate_t* cands, int ncand, record_t* d_records,
                        int64_t record_base);
int compute_depth(int32_t* depth_host, size_t n, const int32_t* d_counts);
void accumulate_stats(const int32_t* d_depth, int n, run_stats_t* st);

int vcf_open(vcf_writer_t* w, const char* path);
int vcf_flush_records(vcf_writer_t* w, const record_t* d_recs, int n);
int vcf_write_index(const char* path, const int64_t* d_offsets, int n);
void vcf_close(vcf_writer_t* w);

#ifdef __cplusplus
}
#endif

#endif
