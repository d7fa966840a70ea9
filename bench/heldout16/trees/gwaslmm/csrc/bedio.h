#ifndef GWASLMM_BEDIO_H
#define GWASLMM_BEDIO_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bed_file bed_file;

bed_file* bed_open(const char* path, int64_t n_samples, int64_t n_snps);
int bed_register_mmap(bed_file* f);
float* bed_alloc_block(int64_t n_samples, int64_t n_snps);
void bed_free_block(float* p);
int bed_decode_block(const bed_file* f, int64_t first_snp, int64_t n_snps, float* out);
int bed_read_block_staged(const bed_file* f, int64_t first_snp, int64_t n_snps, float* d_out, void* stream);
int bed_sample_call_rate(const bed_file* f, double* call_rate);
void bed_close(bed_file* f);
const char* bed_last_error(void);

#ifdef __cplusplus
}
#endif

#endif
