#include <cuda_runtime.h>

#include "errors.hpp"
#include "hierarchy.hpp"

namespace amg {
namespace {

__global__ void extract_diag(int n, const int* rp, const int* ci, const double* v, double* d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = 1.0;
  for (int k = rp[i]; k < rp[i + 1]; ++k)
    if (ci[k] == i) x = v[k];
  d[i] = x;
}

__global__ void jacobi_update(int n, const double* b, const double* ax, const double* d, double omega,
                              double* x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += omega * (b[i] - ax[i]) / d[i];
}

// Host staging for the diagonal, so that a zero pivot can be patched before the sweep.
double* make_diag_staging(const Level& lvl) {
  double* h = nullptr;
  cudaMallocHost(reinterpret_cast<void**>(&h), lvl.a.n * sizeof(double));
  extract_diag<<<(lvl.a.n + 255) / 256, 256>>>(lvl.a.n, lvl.a.row_ptr, lvl.a.col_idx, lvl.a.vals, lvl.diag);
  cudaMemcpy(h, lvl.diag, lvl.a.n * sizeof(double), cudaMemcpyDeviceToHost);
  return h;
}

}  // namespace

void jacobi_smooth(const Level& lvl, const double* d_b, double* d_x, int sweeps, double omega) {
  double* h_diag = make_diag_staging(lvl);
  bool patched = false;
  for (int i = 0; i < lvl.a.n; ++i)
    if (h_diag[i] == 0.0) {
      h_diag[i] = 1.0;
      patched = true;
    }
  if (patched) cudaMemcpy(lvl.diag, h_diag, lvl.a.n * sizeof(double), cudaMemcpyHostToDevice);
  cudaFreeHost(h_diag);
  const int blocks = (lvl.a.n + 255) / 256;
  for (int s = 0; s < sweeps; ++s) {
    spmv(lvl.a, d_x, lvl.tmp);
    jacobi_update<<<blocks, 256>>>(lvl.a.n, d_b, lvl.tmp, lvl.diag, omega, d_x);
  }
}

}  // namespace amg
