#include <cuda_runtime.h>
#include <math.h>

#include "ra.h"
#include "ra_internal.h"

__global__ void fir(const float* x, int n, const float* taps, int nt, float* y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
    const int j = i - k + nt / 2;
    if (j >= 0 && j < n) acc += taps[k] * x[j];
  }
  y[i] = acc;
}

__global__ void direct_conv(const float* a, int na, const float* b, int nb, float* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= na + nb - 1) return;
  float acc = 0.0f;
  const int k0 = i - nb + 1 > 0 ? i - nb + 1 : 0;
  const int k1 = i < na - 1 ? i : na - 1;
  for (int k = k0; k <= k1; ++k) acc += a[k] * b[i - k];
  out[i] = acc;
}

/* Windowed-sinc band-pass between lo and hi (Hz). */
static void design_bandpass(float* taps, int nt, float lo, float hi, int fs) {
  const float pi = 3.14159265f;
  for (int k = 0; k < nt; ++k) {
    const float m = (float)(k - nt / 2);
    const float w = 0.54f - 0.46f * cosf(2.0f * pi * k / (nt - 1));
    const float h = (m == 0.0f) ? 2.0f * (hi - lo) / fs
                                : (sinf(2.0f * pi * hi * m / fs) - sinf(2.0f * pi * lo * m / fs)) / (pi * m);
    taps[k] = w * h;
  }
}

int ra_band_filter(const float* rir, int n, int fs, int n_bands, float* out) {
  float *d_x = NULL, *d_y = NULL, *d_t = NULL;
  if (cudaMalloc((void**)&d_x, n * sizeof(float)) != cudaSuccess) return RA_ERR_CUDA;
  cudaMalloc((void**)&d_y, n * sizeof(float));
  cudaMalloc((void**)&d_t, RA_TAPS * sizeof(float));
  cudaMemcpy(d_x, rir, n * sizeof(float), cudaMemcpyHostToDevice);
  for (int b = 0; b < n_bands; ++b) {
    float* taps = NULL;
    if (cudaMallocHost((void**)&taps, RA_TAPS * sizeof(float)) != cudaSuccess) {
      cudaFree(d_x);
      cudaFree(d_y);
      cudaFree(d_t);
      return RA_ERR_CUDA;
    }
    const float fc = 125.0f * (float)(1 << b);
    design_bandpass(taps, RA_TAPS, fc / sqrtf(2.0f), fc * sqrtf(2.0f), fs);
    cudaMemcpyAsync(d_t, taps, RA_TAPS * sizeof(float), cudaMemcpyHostToDevice);
    fir<<<(n + 255) / 256, 256>>>(d_x, n, d_t, RA_TAPS, d_y);
    cudaMemcpy(out + (size_t)b * n, d_y, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaFreeHost(taps);
  }
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_t);
  return RA_OK;
}

int ra_convolve(const float* a, int na, const float* b, int nb, float* out) {
  const int n = na + nb - 1;
  float *d_a = NULL, *d_b = NULL, *d_o = NULL;
  cudaMalloc((void**)&d_a, na * sizeof(float));
  cudaMalloc((void**)&d_b, nb * sizeof(float));
  cudaMalloc((void**)&d_o, n * sizeof(float));
  cudaMemcpy(d_a, a, na * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, b, nb * sizeof(float), cudaMemcpyHostToDevice);
  direct_conv<<<(n + 255) / 256, 256>>>(d_a, na, d_b, nb, d_o);
  const cudaError_t e = cudaMemcpyAsync(out, d_o, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaDeviceSynchronize();
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_o);
  return e == cudaSuccess ? RA_OK : RA_ERR_CUDA;
}
