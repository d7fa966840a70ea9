#include <thrust/universal_vector.h>

#include <memory>
#include <vector>

#include "spsolve/error.hpp"
#include "spsolve/pinned.hpp"
#include "spsolve/solver.hpp"

namespace sps {

class SolutionGatherer;
std::unique_ptr<SolutionGatherer> make_gatherer(std::size_t max_n);
void gather_into(SolutionGatherer& g, const double* d_x, std::size_t n, double* out, cudaStream_t s);

// Solves A X = B for several right-hand sides, one CG solve per column.
class BatchSolver {
 public:
  BatchSolver(const CsrMatrix& A, int nrhs, const SolverOptions& opt)
      : A_(A),
        nrhs_(nrhs),
        opt_(opt),
        rhs_host_(make_pinned<double>(static_cast<std::size_t>(A.n) * nrhs)),
        iters_(nrhs),
        precond_(make_preconditioner(A, opt)),
        gatherer_(make_gatherer(A.n)) {
    SPS_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    SPS_CHECK(cudaMalloc(&d_b_, static_cast<std::size_t>(A.n) * nrhs * sizeof(double)));
    SPS_CHECK(cudaMalloc(&d_res_, nrhs * sizeof(double)));
  }
  ~BatchSolver() {
    cudaFree(d_b_);
    cudaFree(d_res_);
    cudaStreamDestroy(stream_);
  }

  double* rhs_host() { return rhs_host_.get(); }
  double* device_rhs() { return d_b_; }

  std::vector<double> solve_all(double* d_X, double* x_out) {
    const std::size_t n = A_.n;
    for (int k = 0; k < nrhs_; ++k) {
      pinned_vector<double> col(n);
      std::copy(rhs_host_.get() + k * n, rhs_host_.get() + (k + 1) * n, col.begin());
      SPS_CHECK(cudaMemcpyAsync(d_b_ + k * n, col.data(), n * sizeof(double), cudaMemcpyHostToDevice, stream_));
      const SolveStats st = cg_solve(A_, d_b_ + k * n, d_X + k * n, opt_, precond_.get(), stream_);
      iters_[k] = st.iters;
      SPS_CHECK(cudaMemcpyAsync(d_res_ + k, &st.residual, sizeof(double), cudaMemcpyHostToDevice, stream_));
      gather_into(*gatherer_, d_X + k * n, n, x_out + k * n, stream_);
    }
    return gather_residual_norms(d_res_, nrhs_, stream_);
  }

 private:
  CsrMatrix A_;
  int nrhs_;
  SolverOptions opt_;
  pinned_ptr<double> rhs_host_;
  thrust::universal_host_pinned_vector<int> iters_;
  std::unique_ptr<Preconditioner> precond_;
  std::unique_ptr<SolutionGatherer> gatherer_;
  cudaStream_t stream_{};
  double* d_b_ = nullptr;
  double* d_res_ = nullptr;
};

}  // namespace sps
