#include <gtest/gtest.h>

#include "spsolve/error.hpp"
#include "spsolve/solver.hpp"

sps::CsrMatrix poisson_1d(int n);

TEST(CG, SolvesPoisson1D) {
  const int n = 64;
  sps::CsrMatrix A = poisson_1d(n);
  double* h_b = nullptr;
  SPS_CHECK(cudaMallocHost(&h_b, n * sizeof(double)));
  for (int i = 0; i < n; ++i) h_b[i] = 1.0;
  double *d_b, *d_x;
  SPS_CHECK(cudaMalloc(&d_b, n * sizeof(double)));
  SPS_CHECK(cudaMalloc(&d_x, n * sizeof(double)));
  SPS_CHECK(cudaMemcpy(d_b, h_b, n * sizeof(double), cudaMemcpyHostToDevice));
  SPS_CHECK(cudaMemset(d_x, 0, n * sizeof(double)));
  sps::SolverOptions opt;
  auto M = sps::make_preconditioner(A, opt);
  const sps::SolveStats st = sps::cg_solve(A, d_b, d_x, opt, M.get(), nullptr);
  EXPECT_TRUE(st.converged);
  cudaFree(d_b);
  cudaFree(d_x);
  cudaFreeHost(h_b);
}
