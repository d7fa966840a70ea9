#pragma once
#include <amg/amg.h>
#include <amg/pinned.hpp>

#include <memory>
#include <vector>

namespace amg {

struct DeviceCsr {
  int n = 0, nnz = 0;
  int* row_ptr = nullptr;
  int* col_idx = nullptr;
  double* vals = nullptr;
};

struct Level {
  DeviceCsr a;
  DeviceCsr p;                 // prolongation to this level from the next coarser one
  PinnedArray<int> aggregate;  // aggregate id of every row (host copy, used by dumps)
  double* diag = nullptr;      // device
  double* tmp = nullptr;       // device
  double* r = nullptr;         // device
};

class CoarseSolver {
 public:
  void factor(const DeviceCsr& a);
  void solve(const double* d_rhs, double* d_x);

 private:
  int n_ = 0;
  std::vector<double> lu_;
};

class Hierarchy {
 public:
  void build(const amg_csr& a, double strength, int max_levels);
  void vcycle(const double* d_r, double* d_z);
  const std::vector<Level>& levels() const { return levels_; }

 private:
  std::vector<Level> levels_;
  CoarseSolver coarse_;
};

void jacobi_smooth(const Level& lvl, const double* d_b, double* d_x, int sweeps, double omega);
void spmv(const DeviceCsr& a, const double* x, double* y, double alpha = 1.0, double beta = 0.0);

}  // namespace amg
