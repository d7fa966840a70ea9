#ifndef FDD_H
#define FDD_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fdd_plan {
  int nchan, ndm, nsub;
  int32_t* delays;     /* ndm x nchan, mapped */
  int32_t* d_delays;
  float* d_in;
  float* d_out;
  size_t block;
} fdd_plan;

#define FDD_TRY(cond) do { if (!(cond)) return -1; } while (0)
#define FDD_DIE(cond, msg) do { if (cond) { fprintf(stderr, "fdd: %s\n", msg); exit(1); } } while (0)

fdd_plan* fdd_plan_create(int nchan, int ndm, int nsub, size_t block, double f0, double df, double tsamp,
                          double dm0, double dm1);
void fdd_plan_destroy(fdd_plan* p);
int fdd_stage_block(fdd_plan* p, uint8_t* data, size_t nbytes);
float* fdd_make_output(fdd_plan* p, size_t nsamp);
void fdd_free_output(float* out);
int fdd_dedisperse(fdd_plan* p, float* out, size_t nsamp);
int fdd_load_mask(const char* path, uint8_t** mask, int nchan);
int fdd_load_bandpass(const char* path, float** bp, int nchan);
int fdd_write_cands(const char* path, const float* cands, int n);
int fdd_dump_dm_time(const char* path, const fdd_plan* p, const float* dmt, size_t nsamp);

#ifdef __cplusplus
}
#endif
#endif
