#pragma once
#include <cuda_runtime.h>

#include <memory>
#include <vector>

namespace sps {

struct CsrMatrix {
  int n = 0;
  int nnz = 0;
  int* d_rowptr = nullptr;
  int* d_colind = nullptr;
  double* d_vals = nullptr;
};

struct SolverOptions {
  int max_iters = 500;
  double rtol = 1e-8;
  int precond = 0;  // 0 Jacobi, 1 Chebyshev, 2 AMG
  int poly_degree = 4;
};

struct SolveStats {
  int iters;
  double residual;
  bool converged;
};

class Preconditioner {
 public:
  virtual ~Preconditioner() = default;
  virtual void apply(const double* r, double* z, cudaStream_t s) = 0;
};

std::unique_ptr<Preconditioner> make_preconditioner(const CsrMatrix& A, const SolverOptions& opt);

void spmv(const CsrMatrix& A, const double* x, double* y, cudaStream_t s);
void axpy(double a, const double* x, double* y, int n, cudaStream_t s);
void xpay(const double* x, double a, double* y, int n, cudaStream_t s);
double dot_host(const double* x, const double* y, int n, cudaStream_t s);
double nrm2_host(const double* x, int n, cudaStream_t s);

SolveStats cg_solve(const CsrMatrix& A, const double* d_b, double* d_x, const SolverOptions& opt,
                    Preconditioner* M, cudaStream_t s);

std::vector<double> gather_residual_norms(const double* d_r, std::size_t nrhs, cudaStream_t s);

int read_mtx(const char* path, CsrMatrix* A);
int write_solution(const char* path, const double* d_x, int n);

}  // namespace sps
