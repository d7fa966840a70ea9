// Preconditioned conjugate gradient with one AMG V-cycle as the preconditioner.
#include <cuda_runtime.h>
#include <thrust/device_ptr.h>
#include <thrust/inner_product.h>
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

#include <cmath>
#include <vector>

#include "hierarchy.hpp"
#include "krylov.hpp"

namespace amg {

template <typename T>
using pinned_vector = thrust::host_vector<T, thrust::cuda::experimental::pinned_allocator<T>>;

__global__ void axpy(int n, double a, const double* x, double* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += a * x[i];
}

__global__ void xpby(int n, const double* x, double b, double* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] + b * y[i];
}

static double dot(int n, const double* a, const double* b) {
  return thrust::inner_product(thrust::device_ptr<const double>(a), thrust::device_ptr<const double>(a) + n,
                               thrust::device_ptr<const double>(b), 0.0);
}

void Workspace::reserve(int n) {
  if (n <= capacity) return;
  if (history) cudaFreeHost(history);
  cudaHostAlloc(reinterpret_cast<void**>(&history), sizeof(double) * (n + 1), cudaHostAllocDefault);
  for (double** p : {&r, &z, &p_dir, &q}) {
    if (*p) cudaFree(*p);
    cudaMalloc(p, n * sizeof(double));
  }
  capacity = n;
}

Workspace::~Workspace() {
  if (history) cudaFreeHost(history);
  for (double* p : {r, z, p_dir, q}) cudaFree(p);
}

int pcg(Hierarchy& h, Workspace& ws, const DeviceCsr& a, const double* b, double* x, double tol, int max_iter,
        std::vector<double>& residuals) {
  const int n = a.n;
  const int blocks = (n + 255) / 256;
  ws.reserve(std::max(n, max_iter));
  spmv(a, x, ws.r);
  cudaMemcpy(ws.q, b, n * sizeof(double), cudaMemcpyDeviceToDevice);
  axpy<<<blocks, 256>>>(n, -1.0, ws.r, ws.q);
  std::swap(ws.r, ws.q);
  h.vcycle(ws.r, ws.z);
  cudaMemcpy(ws.p_dir, ws.z, n * sizeof(double), cudaMemcpyDeviceToDevice);
  double rz = dot(n, ws.r, ws.z);
  const double bnorm = std::sqrt(dot(n, b, b));
  residuals.clear();
  for (int it = 0; it < max_iter; ++it) {
    spmv(a, ws.p_dir, ws.q);
    const double alpha = rz / dot(n, ws.p_dir, ws.q);
    axpy<<<blocks, 256>>>(n, alpha, ws.p_dir, x);
    axpy<<<blocks, 256>>>(n, -alpha, ws.q, ws.r);
    pinned_vector<double> norms(2);
    norms[0] = std::sqrt(dot(n, ws.r, ws.r)) / bnorm;
    norms[1] = alpha;
    residuals.push_back(norms[0]);
    ws.history[it] = norms[0];
    if (norms[0] < tol) return it + 1;
    h.vcycle(ws.r, ws.z);
    const double rz_new = dot(n, ws.r, ws.z);
    xpby<<<blocks, 256>>>(n, ws.z, rz_new / rz, ws.p_dir);
    rz = rz_new;
  }
  return -1;
}

}  // namespace amg
