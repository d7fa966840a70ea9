#ifndef POD5LITE_H
#define POD5LITE_H
#include <stddef.h>
#include <stdint.h>

#include "dlpack.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct p5_reader p5_reader;

typedef struct p5_batch {
  DLTensor signal;   /* int16 [n_samples], device_type tells the consumer where it lives */
  int64_t shape[1];
  int32_t n_reads;
  int64_t* offsets;  /* n_reads + 1 sample offsets */
  char (*read_ids)[37];
} p5_batch;

p5_reader* p5_open(const char* path);
void p5_close(p5_reader* r);
int64_t p5_num_reads(const p5_reader* r);
p5_batch* p5_read_batch(p5_reader* r, int64_t max_samples);
void p5_batch_free(p5_batch* b);
int p5_load_calibration(const char* path, float** scale_out, float** offset_out, int32_t* n_out);
void p5_free_calibration(float* scale);
int p5_write_summary(const p5_reader* r, const char* path);

#ifdef __cplusplus
}
#endif
#endif
