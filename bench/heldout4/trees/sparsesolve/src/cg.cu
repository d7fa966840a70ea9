#include <cmath>

#include "spsolve/error.hpp"
#include "spsolve/solver.hpp"

namespace sps {

SolveStats cg_solve(const CsrMatrix& A, const double* d_b, double* d_x, const SolverOptions& opt,
                    Preconditioner* M, cudaStream_t s) {
  const int n = A.n;
  double *r, *z, *p, *Ap;
  SPS_CHECK(cudaMallocAsync(&r, n * sizeof(double), s));
  SPS_CHECK(cudaMallocAsync(&z, n * sizeof(double), s));
  SPS_CHECK(cudaMallocAsync(&p, n * sizeof(double), s));
  SPS_CHECK(cudaMallocAsync(&Ap, n * sizeof(double), s));
  spmv(A, d_x, Ap, s);
  SPS_CHECK(cudaMemcpyAsync(r, d_b, n * sizeof(double), cudaMemcpyDeviceToDevice, s));
  axpy(-1.0, Ap, r, n, s);
  if (M) M->apply(r, z, s); else SPS_CHECK(cudaMemcpyAsync(z, r, n * sizeof(double), cudaMemcpyDeviceToDevice, s));
  SPS_CHECK(cudaMemcpyAsync(p, z, n * sizeof(double), cudaMemcpyDeviceToDevice, s));
  const double bnorm = nrm2_host(d_b, n, s);
  double rz = dot_host(r, z, n, s);
  SolveStats st{0, 0.0, false};
  for (int it = 0; it < opt.max_iters; ++it) {
    spmv(A, p, Ap, s);
    const double alpha = rz / dot_host(p, Ap, n, s);
    axpy(alpha, p, d_x, n, s);
    axpy(-alpha, Ap, r, n, s);
    st.iters = it + 1;
    st.residual = nrm2_host(r, n, s) / bnorm;
    if (st.residual < opt.rtol) {
      st.converged = true;
      break;
    }
    if (M) M->apply(r, z, s); else SPS_CHECK(cudaMemcpyAsync(z, r, n * sizeof(double), cudaMemcpyDeviceToDevice, s));
    const double rz_new = dot_host(r, z, n, s);
    xpay(z, rz_new / rz, p, n, s);
    rz = rz_new;
  }
  SPS_CHECK(cudaFreeAsync(r, s));
  SPS_CHECK(cudaFreeAsync(z, s));
  SPS_CHECK(cudaFreeAsync(p, s));
  SPS_CHECK(cudaFreeAsync(Ap, s));
  return st;
}

}  // namespace sps
