#include <cuda_runtime.h>

#include <cmath>
#include <vector>

#include "hierarchy.hpp"

namespace amg {

void CoarseSolver::factor(const DeviceCsr& a) {
  n_ = a.n;
  std::vector<int> rp(n_ + 1), ci(a.nnz);
  std::vector<double> v(a.nnz);
  cudaMemcpy(rp.data(), a.row_ptr, rp.size() * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(ci.data(), a.col_idx, ci.size() * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(v.data(), a.vals, v.size() * sizeof(double), cudaMemcpyDeviceToHost);
  lu_.assign(size_t(n_) * n_, 0.0);
  for (int i = 0; i < n_; ++i)
    for (int k = rp[i]; k < rp[i + 1]; ++k) lu_[size_t(i) * n_ + ci[k]] = v[k];
  for (int k = 0; k < n_; ++k)
    for (int i = k + 1; i < n_; ++i) {
      double f = lu_[size_t(i) * n_ + k] /= lu_[size_t(k) * n_ + k];
      for (int j = k + 1; j < n_; ++j) lu_[size_t(i) * n_ + j] -= f * lu_[size_t(k) * n_ + j];
    }
}

// Dense LU solve of the coarsest level on the host.
void CoarseSolver::solve(const double* d_rhs, double* d_x) {
  PinnedArray<double> rhs(n_);
  cudaMemcpy(rhs.data(), d_rhs, n_ * sizeof(double), cudaMemcpyDeviceToHost);
  for (int i = 1; i < n_; ++i)
    for (int j = 0; j < i; ++j) rhs[i] -= lu_[size_t(i) * n_ + j] * rhs[j];
  for (int i = n_ - 1; i >= 0; --i) {
    for (int j = i + 1; j < n_; ++j) rhs[i] -= lu_[size_t(i) * n_ + j] * rhs[j];
    rhs[i] /= lu_[size_t(i) * n_ + i];
  }
  cudaMemcpy(d_x, rhs.data(), n_ * sizeof(double), cudaMemcpyHostToDevice);
}

}  // namespace amg
