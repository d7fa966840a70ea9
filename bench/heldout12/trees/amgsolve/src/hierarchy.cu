#include <cuda_runtime.h>

#include <cmath>
#include <vector>

#include "hierarchy.hpp"

namespace amg {
namespace {

DeviceCsr upload(int n, const std::vector<int>& rp, const std::vector<int>& ci, const std::vector<double>& v) {
  DeviceCsr d;
  d.n = n;
  d.nnz = static_cast<int>(v.size());
  cudaMalloc(&d.row_ptr, rp.size() * sizeof(int));
  cudaMalloc(&d.col_idx, ci.size() * sizeof(int));
  cudaMalloc(&d.vals, v.size() * sizeof(double));
  cudaMemcpy(d.row_ptr, rp.data(), rp.size() * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d.col_idx, ci.data(), ci.size() * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d.vals, v.data(), v.size() * sizeof(double), cudaMemcpyHostToDevice);
  return d;
}

// Greedy aggregation on the strength-of-connection graph.
int aggregate(int n, const std::vector<int>& rp, const std::vector<int>& ci, const std::vector<double>& v,
              double theta, int* agg) {
  for (int i = 0; i < n; ++i) agg[i] = -1;
  int next = 0;
  for (int i = 0; i < n; ++i) {
    if (agg[i] >= 0) continue;
    double dii = 0;
    for (int k = rp[i]; k < rp[i + 1]; ++k)
      if (ci[k] == i) dii = std::fabs(v[k]);
    agg[i] = next;
    for (int k = rp[i]; k < rp[i + 1]; ++k)
      if (agg[ci[k]] < 0 && std::fabs(v[k]) >= theta * dii) agg[ci[k]] = next;
    ++next;
  }
  return next;
}

}  // namespace

void Hierarchy::build(const amg_csr& a, double strength, int max_levels) {
  levels_.clear();
  std::vector<int> rp(a.row_ptr, a.row_ptr + a.n + 1), ci(a.col_idx, a.col_idx + a.nnz);
  std::vector<double> v(a.vals, a.vals + a.nnz);
  int n = a.n;
  for (int level = 0; level < max_levels && n > 64; ++level) {
    Level lvl;
    lvl.a = upload(n, rp, ci, v);
    lvl.aggregate = PinnedArray<int>(n);
    const int nc = aggregate(n, rp, ci, v, strength, lvl.aggregate.data());
    // piecewise-constant prolongation P (n x nc), Galerkin product Ac = P^T A P
    std::vector<int> prp(n + 1), pci(n);
    std::vector<double> pv(n, 1.0);
    for (int i = 0; i < n; ++i) {
      prp[i] = i;
      pci[i] = lvl.aggregate[i];
    }
    prp[n] = n;
    lvl.p = upload(n, prp, pci, pv);
    std::vector<std::vector<std::pair<int, double>>> rows(nc);
    for (int i = 0; i < n; ++i)
      for (int k = rp[i]; k < rp[i + 1]; ++k) rows[lvl.aggregate[i]].push_back({lvl.aggregate[ci[k]], v[k]});
    rp.assign(nc + 1, 0);
    ci.clear();
    v.clear();
    for (int r = 0; r < nc; ++r) {
      std::vector<double> dense(nc, 0.0);
      for (auto& [c, x] : rows[r]) dense[c] += x;
      for (int c = 0; c < nc; ++c)
        if (dense[c] != 0.0) {
          ci.push_back(c);
          v.push_back(dense[c]);
        }
      rp[r + 1] = static_cast<int>(ci.size());
    }
    cudaMalloc(&lvl.diag, n * sizeof(double));
    cudaMalloc(&lvl.tmp, n * sizeof(double));
    cudaMalloc(&lvl.r, n * sizeof(double));
    levels_.push_back(std::move(lvl));
    n = nc;
  }
  Level last;
  last.a = upload(n, rp, ci, v);
  coarse_.factor(last.a);
  levels_.push_back(std::move(last));
}

__global__ void restrict_sum(int n, const int* agg, const double* r, double* rc) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&rc[agg[i]], r[i]);
}

void Hierarchy::vcycle(const double* d_r, double* d_z) {
  const int L = static_cast<int>(levels_.size());
  std::vector<const double*> rhs(L);
  std::vector<double*> sol(L);
  rhs[0] = d_r;
  sol[0] = d_z;
  for (int l = 0; l + 1 < L; ++l) {
    Level& lvl = levels_[l];
    cudaMemset(sol[l], 0, lvl.a.n * sizeof(double));
    jacobi_smooth(lvl, rhs[l], sol[l], 2, 0.67);
    spmv(lvl.a, sol[l], lvl.r, -1.0, 0.0);
    Level& next = levels_[l + 1];
    double* rc = next.r ? next.r : nullptr;
    if (!rc) cudaMalloc(&next.r, next.a.n * sizeof(double)), rc = next.r;
    cudaMemset(rc, 0, next.a.n * sizeof(double));
    restrict_sum<<<(lvl.a.n + 255) / 256, 256>>>(lvl.a.n, lvl.p.col_idx, lvl.r, rc);
    rhs[l + 1] = rc;
    if (!next.tmp) cudaMalloc(&next.tmp, next.a.n * sizeof(double));
    sol[l + 1] = next.tmp;
  }
  coarse_.solve(rhs[L - 1], sol[L - 1]);
  for (int l = L - 2; l >= 0; --l) {
    spmv(levels_[l].p, sol[l + 1], sol[l], 1.0, 1.0);
    jacobi_smooth(levels_[l], rhs[l], sol[l], 2, 0.67);
  }
}

}  // namespace amg
