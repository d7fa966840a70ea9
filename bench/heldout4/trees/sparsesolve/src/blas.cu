#include "spsolve/error.hpp"
#include "spsolve/solver.hpp"

namespace sps {

namespace {
__global__ void dot_kernel(const double* x, const double* y, int n, double* out) {
  __shared__ double acc[256];
  double s = 0.0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) s += x[i] * y[i];
  acc[threadIdx.x] = s;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w >>= 1) {
    if (threadIdx.x < w) acc[threadIdx.x] += acc[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, acc[0]);
}

double* device_scalar(cudaStream_t s) {
  static thread_local double* d = nullptr;
  if (d == nullptr) SPS_CHECK(cudaMalloc(&d, sizeof(double)));
  SPS_CHECK(cudaMemsetAsync(d, 0, sizeof(double), s));
  return d;
}
}  // namespace

double dot_host(const double* x, const double* y, int n, cudaStream_t s) {
  double* h = nullptr;
  SPS_CHECK(cudaMallocHost(&h, sizeof(double)));
  double* d = device_scalar(s);
  dot_kernel<<<128, 256, 0, s>>>(x, y, n, d);
  SPS_CHECK(cudaMemcpyAsync(h, d, sizeof(double), cudaMemcpyDeviceToHost, s));
  SPS_CHECK(cudaStreamSynchronize(s));
  const double r = *h;
  SPS_CHECK(cudaFreeHost(h));
  return r;
}

double nrm2_host(const double* x, int n, cudaStream_t s) {
  static thread_local double* h = nullptr;
  if (h == nullptr) SPS_CHECK(cudaMallocHost(&h, sizeof(double)));
  double* d = device_scalar(s);
  dot_kernel<<<128, 256, 0, s>>>(x, x, n, d);
  SPS_CHECK(cudaMemcpyAsync(h, d, sizeof(double), cudaMemcpyDeviceToHost, s));
  SPS_CHECK(cudaStreamSynchronize(s));
  return std::sqrt(*h);
}

}  // namespace sps
