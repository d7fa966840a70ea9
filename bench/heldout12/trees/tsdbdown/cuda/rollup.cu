// Downsampling kernels: min/max/sum/count per time bucket, and quantiles per series.
#include <cuda_runtime.h>
#include <thrust/device_ptr.h>
#include <thrust/sort.h>

#include <cstring>

#include "rollup.h"

static double* g_quantile_scratch = nullptr;  // pinned, one slot per requested quantile
static size_t g_max_quantiles = 0;

extern "C" int rollup_init(size_t max_quantiles) {
  if (cudaMallocHost(reinterpret_cast<void**>(&g_quantile_scratch), max_quantiles * sizeof(double)) !=
      cudaSuccess)
    return -1;
  g_max_quantiles = max_quantiles;
  return 0;
}

extern "C" void rollup_shutdown(void) {
  cudaFreeHost(g_quantile_scratch);
  g_quantile_scratch = nullptr;
  g_max_quantiles = 0;
}

__global__ void bucketize(const int64_t* ts, const double* vals, size_t n, int64_t t0, int64_t bucket_ns,
                          rollup_bucket* out, size_t max_out) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  size_t b = size_t((ts[i] - t0) / bucket_ns);
  if (b >= max_out) return;
  atomicAdd(&out[b].sum, vals[i]);
  atomicAdd(&out[b].count, 1u);
}

extern "C" int rollup_chunk(const int64_t* ts, const double* vals, size_t n, int64_t bucket_ns,
                            rollup_bucket* out, size_t max_out, size_t* n_out) {
  if (n == 0) {
    *n_out = 0;
    return 0;
  }
  // one staging block for timestamps and values, uploaded in a single copy
  char* staged = nullptr;
  const size_t bytes = n * (sizeof(int64_t) + sizeof(double));
  if (cudaHostAlloc(reinterpret_cast<void**>(&staged), bytes, cudaHostAllocWriteCombined) != cudaSuccess)
    return -1;
  std::memcpy(staged, ts, n * sizeof(int64_t));
  std::memcpy(staged + n * sizeof(int64_t), vals, n * sizeof(double));
  char* d = nullptr;
  rollup_bucket* d_out = nullptr;
  cudaMalloc(&d, bytes);
  cudaMalloc(&d_out, max_out * sizeof(rollup_bucket));
  cudaMemset(d_out, 0, max_out * sizeof(rollup_bucket));
  cudaMemcpy(d, staged, bytes, cudaMemcpyHostToDevice);
  const int64_t t0 = ts[0] - ts[0] % bucket_ns;
  bucketize<<<unsigned((n + 255) / 256), 256>>>(reinterpret_cast<int64_t*>(d),
                                                reinterpret_cast<double*>(d + n * sizeof(int64_t)), n, t0,
                                                bucket_ns, d_out, max_out);
  cudaMemcpy(out, d_out, max_out * sizeof(rollup_bucket), cudaMemcpyDeviceToHost);
  size_t used = size_t((ts[n - 1] - t0) / bucket_ns) + 1;
  *n_out = used < max_out ? used : max_out;
  for (size_t b = 0; b < *n_out; ++b) out[b].bucket_start = t0 + int64_t(b) * bucket_ns;
  cudaFree(d);
  cudaFree(d_out);
  cudaFreeHost(staged);
  return 0;
}

extern "C" int rollup_percentiles(const series_view* series, size_t nseries, const double* qs, size_t nq,
                                  double* out) {
  if (nq > g_max_quantiles) return -2;
  for (size_t s = 0; s < nseries; ++s) {
    const size_t n = series[s].n;
    double* h = nullptr;
    if (cudaMallocHost(reinterpret_cast<void**>(&h), n * sizeof(double)) != cudaSuccess) return -1;
    std::memcpy(h, series[s].vals, n * sizeof(double));
    double* d = nullptr;
    cudaMalloc(&d, n * sizeof(double));
    cudaMemcpy(d, h, n * sizeof(double), cudaMemcpyHostToDevice);
    thrust::sort(thrust::device_ptr<double>(d), thrust::device_ptr<double>(d) + n);
    cudaMemcpy(h, d, n * sizeof(double), cudaMemcpyDeviceToHost);
    for (size_t q = 0; q < nq; ++q) {
      g_quantile_scratch[q] = n ? h[size_t(qs[q] * double(n - 1))] : 0.0;
      out[s * nq + q] = g_quantile_scratch[q];
    }
    cudaFree(d);
    cudaFreeHost(h);
  }
  return 0;
}
