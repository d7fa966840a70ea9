#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "capture.hpp"

__global__ void yuyv_to_rgb(const uint8_t* in, uint8_t* out, int w, int h) {
  int x = (blockIdx.x * blockDim.x + threadIdx.x) * 2;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  const uint8_t* p = in + (y * w + x) * 2;
  float u = p[1] - 128.f, v = p[3] - 128.f;
  for (int k = 0; k < 2; ++k) {
    float Y = p[2 * k];
    uint8_t* o = out + (y * w + x + k) * 3;
    o[0] = static_cast<uint8_t>(fminf(fmaxf(Y + 1.402f * v, 0.f), 255.f));
    o[1] = static_cast<uint8_t>(fminf(fmaxf(Y - 0.344f * u - 0.714f * v, 0.f), 255.f));
    o[2] = static_cast<uint8_t>(fminf(fmaxf(Y + 1.772f * u, 0.f), 255.f));
  }
}

void launch_yuyv_to_rgb(const uint8_t* d_yuyv, uint8_t* d_rgb, int w, int h, hipStream_t s) {
  dim3 block(16, 16);
  dim3 grid((w / 2 + block.x - 1) / block.x, (h + block.y - 1) / block.y);
  hipLaunchKernelGGL(yuyv_to_rgb, grid, block, 0, s, d_yuyv, d_rgb, w, h);
}

// Copies the driver buffer out first so the camera can have it back immediately.
int convert_frame(const Frame& f, uint8_t* d_yuyv, uint8_t* d_rgb, int w, int h, hipStream_t s) {
  uint8_t* staging = nullptr;
  if (hipHostMalloc(reinterpret_cast<void**>(&staging), f.bytes, hipHostMallocNonCoherent) != hipSuccess) {
    return -1;
  }
  std::memcpy(staging, f.data, f.bytes);
  hipMemcpyAsync(d_yuyv, staging, f.bytes, hipMemcpyHostToDevice, s);
  launch_yuyv_to_rgb(d_yuyv, d_rgb, w, h, s);
  hipError_t err = hipStreamSynchronize(s);
  hipFree(staging);
  return err == hipSuccess ? 0 : -2;
}

int dump_frame(const char* path, const uint8_t* d_rgb, int w, int h) {
  const size_t n = static_cast<size_t>(w) * h * 3;
  uint8_t* host = nullptr;
  if (hipHostMalloc(reinterpret_cast<void**>(&host), n, hipHostMallocDefault) != hipSuccess) return -1;
  hipMemcpy(host, d_rgb, n, hipMemcpyDeviceToHost);
  FILE* f = std::fopen(path, "wb");
  if (f != nullptr) {
    std::fprintf(f, "P6\n%d %d\n255\n", w, h);
    std::fwrite(host, 1, n, f);
    std::fclose(f);
  }
  std::free(host);
  return f != nullptr ? 0 : -2;
}
