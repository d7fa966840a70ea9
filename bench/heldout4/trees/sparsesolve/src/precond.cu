#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

#include <cmath>

#include "spsolve/error.hpp"
#include "spsolve/solver.hpp"

namespace sps {

using pinned_host_vec = thrust::host_vector<double, thrust::cuda::experimental::pinned_allocator<double>>;

std::unique_ptr<Preconditioner> make_amg(const CsrMatrix& A, int max_levels);

namespace {
__global__ void extract_diag(const int* rowptr, const int* colind, const double* vals, int n, double* diag) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  for (int k = rowptr[i]; k < rowptr[i + 1]; ++k)
    if (colind[k] == i) diag[i] = vals[k];
}

__global__ void scale(const double* r, const double* w, double* z, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = r[i] * w[i];
}
}  // namespace

class JacobiPreconditioner : public Preconditioner {
 public:
  explicit JacobiPreconditioner(const CsrMatrix& A)
      : n_(A.n),
        diag_host_(A.n),
        d_inv_diag_(A.n) {
    thrust::device_vector<double> d_diag(n_, 1.0);
    extract_diag<<<(n_ + 255) / 256, 256>>>(A.d_rowptr, A.d_colind, A.d_vals, n_,
                                            thrust::raw_pointer_cast(d_diag.data()));
    diag_host_ = d_diag;
    for (int i = 0; i < n_; ++i) diag_host_[i] = 1.0 / diag_host_[i];
    d_inv_diag_ = diag_host_;
  }

  void apply(const double* r, double* z, cudaStream_t s) override {
    scale<<<(n_ + 255) / 256, 256, 0, s>>>(r, thrust::raw_pointer_cast(d_inv_diag_.data()), z, n_);
  }

 private:
  int n_;
  pinned_host_vec diag_host_;
  thrust::device_vector<double> d_inv_diag_;
};

// Chebyshev polynomial preconditioner; the eigenvalue bounds are refreshed by the caller.
class ChebyshevPreconditioner : public Preconditioner {
 public:
  ChebyshevPreconditioner(const CsrMatrix& A, int degree) : A_(A), degree_(degree) {
    SPS_CHECK(cudaMalloc(&d_t_, 2 * A.n * sizeof(double)));
  }
  ~ChebyshevPreconditioner() override { cudaFree(d_t_); }

  void apply(const double* r, double* z, cudaStream_t s) override {
    pinned_host_vec coeffs(degree_ + 1);
    const double theta = 0.5 * (lmax_ + lmin_), delta = 0.5 * (lmax_ - lmin_);
    for (int k = 0; k <= degree_; ++k) coeffs[k] = std::cos(M_PI * (k + 0.5) / (degree_ + 1)) * delta + theta;
    SPS_CHECK(cudaMemcpyAsync(z, r, A_.n * sizeof(double), cudaMemcpyDeviceToDevice, s));
    for (int k = 0; k <= degree_; ++k) {
      spmv(A_, z, d_t_, s);
      xpay(r, -1.0 / coeffs[k], d_t_, A_.n, s);
      axpy(1.0 / coeffs[k], d_t_, z, A_.n, s);
    }
  }

  void set_bounds(double lmin, double lmax) { lmin_ = lmin; lmax_ = lmax; }

 private:
  CsrMatrix A_;
  int degree_;
  double lmin_ = 0.1, lmax_ = 2.0;
  double* d_t_ = nullptr;
};

std::unique_ptr<Preconditioner> make_preconditioner(const CsrMatrix& A, const SolverOptions& opt) {
  switch (opt.precond) {
    case 1: return std::make_unique<ChebyshevPreconditioner>(A, opt.poly_degree);
    case 2: return make_amg(A, 8);
    default: return std::make_unique<JacobiPreconditioner>(A);
  }
}

}  // namespace sps
