#include <stdio.h>
#include <string.h>
#include <cuda_runtime.h>
#include "md.h"

/* Append one XYZ-binary frame. */
extern "C" int md_write_frame(md_system* s, FILE* fp, int64_t step) {
  float* frame = NULL;
  const size_t bytes = sizeof(float) * 4 * s->n;
  if (cudaMallocHost((void**)&frame, bytes) != cudaSuccess) return -1;
  cudaMemcpy(frame, s->d_pos, bytes, cudaMemcpyDeviceToHost);
  if (fwrite(&step, sizeof step, 1, fp) != 1) return -2;
  if (fwrite(frame, 1, bytes, fp) != bytes) return -2;
  cudaFreeHost(frame);
  return 0;
}

extern "C" int md_read_restart(md_system* s, const char* path) {
  int rc = -1;
  int n = 0;
  float* buf = NULL;
  FILE* fp = fopen(path, "rb");
  if (!fp) return -1;
  if (fread(&n, sizeof n, 1, fp) != 1 || n != s->n) goto out;
  if (cudaMallocHost((void**)&buf, sizeof(float) * 8 * n) != cudaSuccess) goto out;
  if (fread(buf, sizeof(float), 8 * (size_t)n, fp) != 8 * (size_t)n) goto out;
  memcpy(s->h_pos, buf, sizeof(float) * 4 * n);
  memcpy(s->h_vel, buf + 4 * n, sizeof(float) * 4 * n);
  cudaMemcpy(s->d_pos, s->h_pos, sizeof(float) * 4 * n, cudaMemcpyHostToDevice);
  cudaMemcpy(s->d_vel, s->h_vel, sizeof(float) * 4 * n, cudaMemcpyHostToDevice);
  rc = 0;
out:
  if (buf) cudaFreeHost(buf);
  fclose(fp);
  return rc;
}
