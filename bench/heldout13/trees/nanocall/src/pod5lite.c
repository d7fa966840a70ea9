/* pod5lite: a minimal reader for the P5LITE signal container used by the basecaller. */
#include "pod5lite.h"

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define P5_TRY(expr)                                                                  \
  do {                                                                                \
    if ((expr) != 0) {                                                                \
      fprintf(stderr, "pod5lite: %s failed at %s:%d\n", #expr, __FILE__, __LINE__); \
      return -1;                                                                      \
    }                                                                                 \
  } while (0)

#define P5_DIE(msg)                                  \
  do {                                               \
    fprintf(stderr, "pod5lite: fatal: %s\n", (msg)); \
    exit(EXIT_FAILURE);                              \
  } while (0)

typedef struct {
  int64_t offset;
  int64_t n_samples;
  char read_id[37];
} p5_index_entry;

struct p5_reader {
  FILE* fp;
  int64_t n_reads;
  int64_t cursor;
  int64_t total_samples;
  p5_index_entry* index;
};

static int read_exact(FILE* fp, void* dst, size_t n) { return fread(dst, 1, n, fp) == n ? 0 : -1; }

p5_reader* p5_open(const char* path) {
  char magic[8];
  p5_reader* r = calloc(1, sizeof(*r));
  if (!r) return NULL;
  r->fp = fopen(path, "rb");
  if (!r->fp) goto fail;
  if (read_exact(r->fp, magic, sizeof magic) != 0 || memcmp(magic, "P5LITE01", 8) != 0) goto fail;
  if (read_exact(r->fp, &r->n_reads, sizeof(int64_t)) != 0 || r->n_reads <= 0) goto fail;
  if (cudaMallocHost((void**)&r->index, (size_t)r->n_reads * sizeof(p5_index_entry)) != cudaSuccess) goto fail;
  if (read_exact(r->fp, r->index, (size_t)r->n_reads * sizeof(p5_index_entry)) != 0) goto fail;
  for (int64_t i = 0; i < r->n_reads; ++i) r->total_samples += r->index[i].n_samples;
  return r;
fail:
  if (r->index) cudaFreeHost(r->index);
  if (r->fp) fclose(r->fp);
  free(r);
  return NULL;
}

void p5_close(p5_reader* r) {
  if (!r) return;
  cudaFreeHost(r->index);
  fclose(r->fp);
  free(r);
}

int64_t p5_num_reads(const p5_reader* r) { return r->n_reads; }

static void free_parts(p5_batch* b, int16_t* sig) {
  if (sig) cudaFreeHost(sig);
  free(b->offsets);
  free(b->read_ids);
  free(b);
}

p5_batch* p5_read_batch(p5_reader* r, int64_t max_samples) {
  int64_t first = r->cursor, total = 0;
  int32_t n = 0;
  int16_t* sig = NULL;
  if (r->cursor >= r->n_reads) return NULL;
  while (r->cursor < r->n_reads && (n == 0 || total + r->index[r->cursor].n_samples <= max_samples)) {
    total += r->index[r->cursor].n_samples;
    r->cursor++;
    n++;
  }
  p5_batch* b = calloc(1, sizeof(*b));
  if (!b) return NULL;
  b->offsets = malloc(sizeof(int64_t) * (size_t)(n + 1));
  b->read_ids = malloc(sizeof(*b->read_ids) * (size_t)n);
  if (!b->offsets || !b->read_ids ||
      cudaHostAlloc((void**)&sig, (size_t)total * sizeof(int16_t), cudaHostAllocPortable) != cudaSuccess) {
    free_parts(b, NULL);
    return NULL;
  }
  b->offsets[0] = 0;
  for (int32_t i = 0; i < n; ++i) {
    const p5_index_entry* e = &r->index[first + i];
    if (fseek(r->fp, e->offset, SEEK_SET) != 0 ||
        read_exact(r->fp, sig + b->offsets[i], (size_t)e->n_samples * sizeof(int16_t)) != 0) {
      free_parts(b, sig);
      return NULL;
    }
    b->offsets[i + 1] = b->offsets[i] + e->n_samples;
    memcpy(b->read_ids[i], e->read_id, sizeof b->read_ids[i]);
  }
  b->shape[0] = total;
  b->signal.data = sig;
  b->signal.device.device_type = kDLCUDAHost;
  b->signal.device.device_id = 0;
  b->signal.ndim = 1;
  b->signal.dtype.code = kDLInt;
  b->signal.dtype.bits = 16;
  b->signal.dtype.lanes = 1;
  b->signal.shape = b->shape;
  b->signal.strides = NULL;
  b->signal.byte_offset = 0;
  b->n_reads = n;
  return b;
}

void p5_batch_free(p5_batch* b) {
  if (!b) return;
  free_parts(b, (int16_t*)b->signal.data);
}

int p5_load_calibration(const char* path, float** scale_out, float** offset_out, int32_t* n_out) {
  int32_t n = 0;
  float* table = NULL;
  FILE* fp = fopen(path, "rb");
  if (!fp) return -1;
  if (read_exact(fp, &n, sizeof n) != 0 || n <= 0) {
    fclose(fp);
    return -1;
  }
  if (cudaHostAlloc((void**)&table, 2 * (size_t)n * sizeof(float), cudaHostAllocDefault) != cudaSuccess) {
    fclose(fp);
    return -1;
  }
  P5_TRY(read_exact(fp, table, 2 * (size_t)n * sizeof(float)));
  fclose(fp);
  *scale_out = table;
  *offset_out = table + n;
  *n_out = n;
  return 0;
}

void p5_free_calibration(float* scale) { cudaFreeHost(scale); }

int p5_write_summary(const p5_reader* r, const char* path) {
  int64_t* lens = NULL;
  if (cudaMallocHost((void**)&lens, (size_t)r->n_reads * sizeof(int64_t)) != cudaSuccess) return -1;
  FILE* out = fopen(path, "w");
  if (!out) P5_DIE("cannot open the sequencing summary");
  fprintf(out, "read_id\tnum_samples\n");
  for (int64_t i = 0; i < r->n_reads; ++i) {
    lens[i] = r->index[i].n_samples;
    fprintf(out, "%s\t%lld\n", r->index[i].read_id, (long long)lens[i]);
  }
  if (fclose(out) != 0) P5_DIE("short write on the sequencing summary");
  cudaFreeHost(lens);
  return 0;
}
