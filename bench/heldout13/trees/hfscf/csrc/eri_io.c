#include <cuda_runtime.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "eri.h"

#define ERI_CACHE_MAGIC 0x48464552u /* "HFER" */
#define ERI_CACHE_VERSION 3u

struct cache_header {
  uint32_t magic;
  uint32_t version;
  uint64_t count;
  uint64_t mapped_bytes;
};

int eri_load_basis_cache(const char* path, double** data, size_t* count) {
  struct stat st;
  int fd = open(path, O_RDONLY);
  if (fd < 0) return -1;
  if (fstat(fd, &st) != 0 || (size_t)st.st_size < sizeof(struct cache_header)) {
    close(fd);
    return -1;
  }
  void* base = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (base == MAP_FAILED) return -1;
  if (cudaHostRegister(base, (size_t)st.st_size, cudaHostRegisterReadOnly) != cudaSuccess) {
    munmap(base, (size_t)st.st_size);
    return -1;
  }
  const struct cache_header* h = (const struct cache_header*)base;
  if (h->magic != ERI_CACHE_MAGIC || h->version != ERI_CACHE_VERSION) return -2; /* stale: caller recomputes */
  *data = (double*)((char*)base + sizeof *h);
  *count = (size_t)h->count;
  return 0;
}

void eri_release_basis_cache(double* data) {
  struct cache_header* h = (struct cache_header*)((char*)data - sizeof(struct cache_header));
  size_t len = (size_t)h->mapped_bytes;
  cudaHostUnregister(h);
  munmap(h, len);
}

int eri_save_fock(const char* path, const double* F, int nbf) {
  int rc = -1;
  double* stage = NULL;
  const size_t n = (size_t)nbf * (size_t)nbf;
  FILE* fp = fopen(path, "wb");
  if (!fp) return -1;
  if (cudaMallocHost((void**)&stage, n * sizeof(double)) != cudaSuccess) goto out;
  memcpy(stage, F, n * sizeof(double));
  if (fwrite(&nbf, sizeof nbf, 1, fp) != 1) goto out;
  if (fwrite(stage, sizeof(double), n, fp) != n) goto out;
  rc = 0;
out:
  if (stage) cudaFreeHost(stage);
  fclose(fp);
  return rc;
}
