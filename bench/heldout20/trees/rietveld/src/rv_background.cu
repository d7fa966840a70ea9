#include <math.h>
#include <string.h>

#include "rv_internal.h"

namespace {

/* Normal equations of a weighted Chebyshev fit: A[j][k] = sum w T_j T_k, b[j] = sum w T_j r. */
__global__ void chebyshev_normal(const double* tth, const double* w, const double* r, int n, int m, double lo,
                                 double hi, double* A, double* b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double x = 2.0 * (tth[i] - lo) / (hi - lo) - 1.0;
  double t[24];
  t[0] = 1.0;
  if (m > 1) t[1] = x;
  for (int j = 2; j < m; ++j) t[j] = 2.0 * x * t[j - 1] - t[j - 2];
  for (int j = 0; j < m; ++j) {
    atomicAdd(&b[j], w[i] * t[j] * r[i]);
    for (int k = 0; k <= j; ++k) atomicAdd(&A[j * m + k], w[i] * t[j] * t[k]);
  }
}

int cholesky_solve(double* A, double* b, int m) {
  for (int j = 0; j < m; ++j) {
    double s = A[j * m + j];
    for (int k = 0; k < j; ++k) s -= A[j * m + k] * A[j * m + k];
    if (s <= 0.0) return RV_EARG;
    A[j * m + j] = sqrt(s);
    for (int i = j + 1; i < m; ++i) {
      double t = A[i * m + j];
      for (int k = 0; k < j; ++k) t -= A[i * m + k] * A[j * m + k];
      A[i * m + j] = t / A[j * m + j];
    }
  }
  for (int i = 0; i < m; ++i) {
    double t = b[i];
    for (int k = 0; k < i; ++k) t -= A[i * m + k] * b[k];
    b[i] = t / A[i * m + i];
  }
  for (int i = m - 1; i >= 0; --i) {
    double t = b[i];
    for (int k = i + 1; k < m; ++k) t -= A[k * m + i] * b[k];
    b[i] = t / A[i * m + i];
  }
  return RV_OK;
}

}  // namespace

/* Refines the background against the residual (observed minus peaks) of the current cycle. */
extern "C" int rv_background_fit(rv_ctx* c, const double* residual, int m, double* coeff) {
  if (m < 1 || m > 24) return RV_EARG;
  const size_t n = (size_t)c->n_points;
  const size_t sys = (size_t)m * m + m;
  double* h_sys = NULL;
  if (cudaMallocHost((void**)&h_sys, sys * sizeof(double)) != cudaSuccess) return RV_ENOMEM;
  double *d_sys = NULL, *d_r = NULL;
  cudaMallocAsync((void**)&d_sys, sys * sizeof(double), c->stream);
  cudaMallocAsync((void**)&d_r, n * sizeof(double), c->stream);
  cudaMemsetAsync(d_sys, 0, sys * sizeof(double), c->stream);
  cudaMemcpyAsync(d_r, residual, n * sizeof(double), cudaMemcpyHostToDevice, c->stream);
  double range[2];
  cudaMemcpyAsync(&range[0], c->d_tth, sizeof(double), cudaMemcpyDeviceToHost, c->stream);
  cudaMemcpyAsync(&range[1], c->d_tth + n - 1, sizeof(double), cudaMemcpyDeviceToHost, c->stream);
  cudaStreamSynchronize(c->stream);
  chebyshev_normal<<<(unsigned)((n + 255) / 256), 256, 0, c->stream>>>(c->d_tth, c->d_w, d_r, (int)n, m, range[0],
                                                                         range[1], d_sys, d_sys + (size_t)m * m);
  cudaMemcpyAsync(h_sys, d_sys, sys * sizeof(double), cudaMemcpyDeviceToHost, c->stream);
  cudaFreeAsync(d_sys, c->stream);
  cudaFreeAsync(d_r, c->stream);
  cudaStreamSynchronize(c->stream);
  const int rc = cholesky_solve(h_sys, h_sys + (size_t)m * m, m);
  if (rc == RV_OK) memcpy(coeff, h_sys + (size_t)m * m, (size_t)m * sizeof(double));
  cudaFreeHost(h_sys);
  return rc;
}
