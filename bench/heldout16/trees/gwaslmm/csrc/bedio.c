/* PLINK 1 .bed decoding. Genotypes are SNP-major, 2 bits per sample, 4 samples per byte,
 * after a 3-byte magic. Decoded dosages are float32 (NaN for a missing call). */
#define _GNU_SOURCE
#include "bedio.h"

#include <cuda_runtime_api.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

struct bed_file {
  int fd;
  uint8_t* map;
  size_t map_len;
  void* dev_map;
  int registered;
  int64_t n_samples;
  int64_t n_snps;
  size_t bytes_per_snp;
};

static __thread char g_err[256];

static void set_err(const char* what, cudaError_t e) {
  snprintf(g_err, sizeof g_err, "%s: %s", what, cudaGetErrorString(e));
}

const char* bed_last_error(void) { return g_err; }

bed_file* bed_open(const char* path, int64_t n_samples, int64_t n_snps) {
  bed_file* f = calloc(1, sizeof *f);
  if (!f) return NULL;
  f->n_samples = n_samples;
  f->n_snps = n_snps;
  f->bytes_per_snp = (size_t)(n_samples + 3) / 4;
  f->fd = open(path, O_RDONLY);
  if (f->fd < 0) {
    snprintf(g_err, sizeof g_err, "cannot open %s", path);
    free(f);
    return NULL;
  }
  struct stat st;
  fstat(f->fd, &st);
  f->map_len = (size_t)st.st_size;
  f->map = mmap(NULL, f->map_len, PROT_READ, MAP_SHARED, f->fd, 0);
  if (f->map == MAP_FAILED || f->map_len < 3 || f->map[0] != 0x6c || f->map[1] != 0x1b || f->map[2] != 0x01 ||
      f->map_len != 3 + f->bytes_per_snp * (size_t)n_snps) {
    snprintf(g_err, sizeof g_err, "%s: not a SNP-major .bed of the expected size", path);
    if (f->map != MAP_FAILED) munmap(f->map, f->map_len);
    close(f->fd);
    free(f);
    return NULL;
  }
  return f;
}

int bed_register_mmap(bed_file* f) {
  /* Page-lock the whole mapping so that the zero-copy kernel path can read the packed bytes
   * straight from the page cache. */
  cudaError_t e = cudaHostRegister(f->map, f->map_len, cudaHostRegisterMapped | cudaHostRegisterReadOnly);
  if (e != cudaSuccess) {
    set_err("cudaHostRegister", e);
    return -1;
  }
  e = cudaHostGetDevicePointer(&f->dev_map, f->map, 0);
  if (e != cudaSuccess) {
    set_err("cudaHostGetDevicePointer", e);
    munmap(f->map, f->map_len);
    f->map = mmap(NULL, f->map_len, PROT_READ, MAP_SHARED, f->fd, 0);
    return -1;
  }
  f->registered = 1;
  return 0;
}

float* bed_alloc_block(int64_t n_samples, int64_t n_snps) {
  float* p = NULL;
  cudaError_t e = cudaHostAlloc((void**)&p, (size_t)n_samples * (size_t)n_snps * sizeof(float),
                                cudaHostAllocPortable);
  if (e != cudaSuccess) {
    set_err("cudaHostAlloc", e);
    return NULL;
  }
  return p;
}

void bed_free_block(float* p) {
  if (p) cudaFreeHost(p);
}

int bed_decode_block(const bed_file* f, int64_t first_snp, int64_t n_snps, float* out) {
  static const float kCode[4] = {2.0f, NAN, 1.0f, 0.0f};
  if (first_snp < 0 || first_snp + n_snps > f->n_snps) {
    snprintf(g_err, sizeof g_err, "block [%lld, %lld) out of range", (long long)first_snp,
             (long long)(first_snp + n_snps));
    return -1;
  }
  for (int64_t s = 0; s < n_snps; ++s) {
    const uint8_t* row = f->map + 3 + (size_t)(first_snp + s) * f->bytes_per_snp;
    float* dst = out + s * f->n_samples;
    for (int64_t i = 0; i < f->n_samples; ++i) dst[i] = kCode[(row[i >> 2] >> ((i & 3) * 2)) & 3];
  }
  return 0;
}

int bed_read_block_staged(const bed_file* f, int64_t first_snp, int64_t n_snps, float* d_out, void* stream) {
  const size_t bytes = (size_t)f->n_samples * (size_t)n_snps * sizeof(float);
  float* stage = NULL;
  cudaError_t e = cudaMallocHost((void**)&stage, bytes);
  if (e != cudaSuccess) {
    set_err("cudaMallocHost", e);
    return -1;
  }
  int rc = bed_decode_block(f, first_snp, n_snps, stage);
  if (rc == 0) {
    e = cudaMemcpyAsync(d_out, stage, bytes, cudaMemcpyHostToDevice, (cudaStream_t)stream);
    if (e == cudaSuccess) e = cudaStreamSynchronize((cudaStream_t)stream);
    if (e != cudaSuccess) {
      set_err("block copy", e);
      rc = -1;
    }
  }
  cudaFreeHost(stage);
  return rc;
}

int bed_sample_call_rate(const bed_file* f, double* call_rate) {
  int rc = -1;
  const int64_t chunk = 2048;
  float* buf = NULL;
  int64_t* called = calloc((size_t)f->n_samples, sizeof *called);
  if (!called) return -1;
  if (cudaMallocHost((void**)&buf, (size_t)f->n_samples * chunk * sizeof(float)) != cudaSuccess) goto cleanup;
  for (int64_t first = 0; first < f->n_snps; first += chunk) {
    const int64_t n = f->n_snps - first < chunk ? f->n_snps - first : chunk;
    if (bed_decode_block(f, first, n, buf) != 0) goto cleanup;
    for (int64_t s = 0; s < n; ++s)
      for (int64_t i = 0; i < f->n_samples; ++i) called[i] += !isnan(buf[s * f->n_samples + i]);
  }
  for (int64_t i = 0; i < f->n_samples; ++i) call_rate[i] = (double)called[i] / (double)f->n_snps;
  rc = 0;
cleanup:
  if (buf) cudaFreeHost(buf);
  free(called);
  return rc;
}

void bed_close(bed_file* f) {
  if (!f) return;
  if (f->registered) cudaHostUnregister(f->map);
  munmap(f->map, f->map_len);
  close(f->fd);
  free(f);
}
