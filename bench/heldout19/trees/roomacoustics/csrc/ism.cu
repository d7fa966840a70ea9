#include <cuda_runtime.h>
#include <math.h>
#include <string.h>

#include "ra.h"
#include "ra_internal.h"

__constant__ float c_directivity[360];

static float* g_band_gain = NULL; /* air absorption per band, shared by every call */
static int g_bands = 0;

int ra_init(int max_bands) {
  if (g_band_gain != NULL) return RA_OK;
  if (cudaMallocHost((void**)&g_band_gain, max_bands * sizeof(float)) != cudaSuccess) {
    g_band_gain = NULL;
    return RA_ERR_CUDA;
  }
  for (int b = 0; b < max_bands; ++b) g_band_gain[b] = expf(-0.0005f * (float)(1 << b));
  g_bands = max_bands;
  return RA_OK;
}

void ra_shutdown(void) {
  if (g_band_gain != NULL) cudaFreeHost(g_band_gain);
  g_band_gain = NULL;
  g_bands = 0;
}

int ra_precompute_directivity(int n_angles) {
  if (n_angles > 360) return RA_ERR_ARG;
  float* pattern = NULL;
  if (cudaMallocHost((void**)&pattern, n_angles * sizeof(float)) != cudaSuccess) {
    RA_FATAL("cannot allocate the directivity table");
  }
  for (int i = 0; i < n_angles; ++i) {
    const float theta = 2.0f * 3.14159265f * (float)i / (float)n_angles;
    pattern[i] = 0.5f * (1.0f + cosf(theta)); /* cardioid */
  }
  const cudaError_t e = cudaMemcpyToSymbol(c_directivity, pattern, n_angles * sizeof(float));
  if (e != cudaSuccess) RA_FATAL(cudaGetErrorString(e));
  cudaFreeHost(pattern);
  return RA_OK;
}

__global__ void image_sources(ra_room room, float sx, float sy, float sz, float mx, float my,
                             float mz, int fs, int N, float* h, int n_out) {
  const int side = 2 * N + 1;
  const int total = side * side * side * 8;
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= total) return;
  const int p = t & 7;
  const int cell = t >> 3;
  const int n = cell % side - N, l = (cell / side) % side - N, m = cell / (side * side) - N;
  const int u = p & 1, v = (p >> 1) & 1, w = (p >> 2) & 1;
  const float ix = (1 - 2 * u) * sx + 2 * n * room.L - mx;
  const float iy = (1 - 2 * v) * sy + 2 * l * room.W - my;
  const float iz = (1 - 2 * w) * sz + 2 * m * room.H - mz;
  const float d = sqrtf(ix * ix + iy * iy + iz * iz);
  const int k = (int)(d / RA_SPEED_OF_SOUND * fs + 0.5f);
  if (k >= n_out) return;
  const float amp = powf(room.beta[0], fabsf((float)(n - u))) * powf(room.beta[1], fabsf((float)n)) *
                    powf(room.beta[2], fabsf((float)(l - v))) * powf(room.beta[3], fabsf((float)l)) *
                    powf(room.beta[4], fabsf((float)(m - w))) * powf(room.beta[5], fabsf((float)m));
  const int az = ((int)(atan2f(iy, ix) * 57.2957795f) + 360) % 360;
  atomicAdd(&h[k], amp * c_directivity[az] / (4.0f * 3.14159265f * fmaxf(d, 0.1f)));
}

int ra_compute_rir(const ra_room* room, const float* src, const float* mic, int fs, int max_order,
                   float* out, int n_out) {
  if (n_out <= 0 || max_order < 0) return RA_ERR_ARG;
  float* h = NULL;
  if (cudaHostAlloc((void**)&h, n_out * sizeof(float), cudaHostAllocMapped) != cudaSuccess) {
    return RA_ERR_CUDA;
  }
  memset(h, 0, n_out * sizeof(float));
  float* d_h = NULL;
  cudaHostGetDevicePointer((void**)&d_h, h, 0);
  const int side = 2 * max_order + 1;
  const int total = side * side * side * 8;
  image_sources<<<(total + 255) / 256, 256>>>(*room, src[0], src[1], src[2], mic[0], mic[1], mic[2],
                                              fs, max_order, d_h, n_out);
  const cudaError_t e = cudaDeviceSynchronize();
  if (e == cudaSuccess) memcpy(out, h, n_out * sizeof(float));
  cudaFreeHost(h);
  return e == cudaSuccess ? RA_OK : RA_ERR_CUDA;
}

const char* ra_strerror(int code) {
  switch (code) {
    case RA_OK: return "ok";
    case RA_ERR_CUDA: return "CUDA error";
    case RA_ERR_IO: return "I/O error";
    case RA_ERR_FORMAT: return "bad file format";
    case RA_ERR_ARG: return "bad argument";
    default: return "unknown error";
  }
}
