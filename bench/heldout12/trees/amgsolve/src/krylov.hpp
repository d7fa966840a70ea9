#pragma once
#include <vector>

#include "hierarchy.hpp"

namespace amg {

// Scratch of the outer solver, kept in the context and grown on demand.
struct Workspace {
  double* r = nullptr;
  double* z = nullptr;
  double* p_dir = nullptr;
  double* q = nullptr;
  double* history = nullptr;  // pinned, one residual per iteration
  int capacity = 0;
  void reserve(int n);
  ~Workspace();
};

int pcg(Hierarchy& h, Workspace& ws, const DeviceCsr& a, const double* b, double* x, double tol, int max_iter,
        std::vector<double>& residuals);

}  // namespace amg
