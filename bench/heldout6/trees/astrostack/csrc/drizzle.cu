#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include "drizzle.h"

#define NUM_SLOTS 4

static struct {
  int h, w, oh, ow;
  float scale, pixfrac;
  float* d_out;
  float* d_wht;
  float* d_in;
  float* slots[NUM_SLOTS];
  cudaStream_t stream;
} G;

__global__ void drop_kernel(const float* in, int h, int w, float dx, float dy, float scale, float pixfrac,
                            float* out, float* wht, int oh, int ow) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x >= w || y >= h) return;
  int ox = (int)((x + dx) * scale), oy = (int)((y + dy) * scale);
  if (ox < 0 || oy < 0 || ox >= ow || oy >= oh) return;
  atomicAdd(&out[oy * ow + ox], in[y * w + x] * pixfrac);
  atomicAdd(&wht[oy * ow + ox], pixfrac);
}

extern "C" int drizzle_init(int h, int w, float scale, float pixfrac) {
  G.h = h; G.w = w; G.scale = scale; G.pixfrac = pixfrac;
  G.oh = (int)(h * scale); G.ow = (int)(w * scale);
  if (cudaStreamCreate(&G.stream) != cudaSuccess) return -1;
  cudaMalloc(&G.d_out, sizeof(float) * G.oh * G.ow);
  cudaMalloc(&G.d_wht, sizeof(float) * G.oh * G.ow);
  cudaMalloc(&G.d_in, sizeof(float) * h * w);
  cudaMemset(G.d_out, 0, sizeof(float) * G.oh * G.ow);
  cudaMemset(G.d_wht, 0, sizeof(float) * G.oh * G.ow);
  for (int i = 0; i < NUM_SLOTS; ++i) {
    if (cudaMallocHost((void**)&G.slots[i], sizeof(float) * G.ow) != cudaSuccess) {
      while (i-- > 0) cudaFreeHost(G.slots[i]);
      return -1;
    }
  }
  return 0;
}

extern "C" void drizzle_shutdown(void) {
  for (int i = 0; i < NUM_SLOTS; ++i) cudaFreeHost(G.slots[i]);
  cudaFree(G.d_out);
  cudaFree(G.d_wht);
  cudaFree(G.d_in);
  cudaStreamDestroy(G.stream);
}

extern "C" int drizzle_frame(const float* frame, int h, int w, float dx, float dy) {
  float* staged = NULL;
  if (cudaMallocHost((void**)&staged, sizeof(float) * h * w) != cudaSuccess) return -1;
  memcpy(staged, frame, sizeof(float) * h * w);
  cudaMemcpyAsync(G.d_in, staged, sizeof(float) * h * w, cudaMemcpyHostToDevice, G.stream);
  dim3 grid((w + 255) / 256, h);
  drop_kernel<<<grid, 256, 0, G.stream>>>(G.d_in, h, w, dx, dy, G.scale, G.pixfrac, G.d_out, G.d_wht, G.oh, G.ow);
  cudaStreamSynchronize(G.stream);
  cudaFreeHost(staged);
  return 0;
}

extern "C" int drizzle_write_fits(const char* path) {
  float* img = NULL;
  const size_t n = (size_t)G.oh * G.ow;
  if (cudaMallocHost((void**)&img, sizeof(float) * n) != cudaSuccess) return -1;
  cudaMemcpy(img, G.d_out, sizeof(float) * n, cudaMemcpyDeviceToHost);
  FILE* f = fopen(path, "wb");
  if (f == NULL) return -2;
  char card[2880];
  memset(card, ' ', sizeof card);
  snprintf(card, 81, "SIMPLE  = T");
  fwrite(card, 1, sizeof card, f);
  fwrite(img, sizeof(float), n, f);
  fclose(f);
  cudaFreeHost(img);
  return 0;
}

extern "C" int drizzle_load_weights(const char* path) {
  int rc = -1;
  float* w = NULL;
  const size_t n = (size_t)G.oh * G.ow;
  FILE* f = fopen(path, "rb");
  if (!f) return -1;
  if (cudaMallocHost((void**)&w, sizeof(float) * n) != cudaSuccess) goto close_file;
  if (fread(w, sizeof(float), n, f) != n) goto close_file;
  cudaMemcpy(G.d_wht, w, sizeof(float) * n, cudaMemcpyHostToDevice);
  cudaFreeHost(w);
  rc = 0;
close_file:
  fclose(f);
  return rc;
}
