#include <cmath>
#include <cstdlib>
#include <vector>

#include "spsolve/error.hpp"
#include "spsolve/pinned.hpp"
#include "spsolve/solver.hpp"

namespace sps {

struct Level {
  CsrMatrix A;
  CsrMatrix P;
  int n = 0;
  double* d_res = nullptr;
  double* d_cor = nullptr;
  pinned_ptr<double> coarse_host;
};

void build_hierarchy(const CsrMatrix& A, int max_levels, std::vector<Level>& levels);
void smooth(const Level& L, const double* b, double* x, int sweeps, cudaStream_t s);
void restrict_to(const Level& fine, const double* r, double* rc, cudaStream_t s);
void prolong_add(const Level& fine, const double* ec, double* x, cudaStream_t s);
void dense_solve_host(const Level& L, double* rhs_inout);

class AmgPreconditioner : public Preconditioner {
 public:
  AmgPreconditioner(const CsrMatrix& A, int max_levels, bool log_norms)
      : log_norms_(log_norms) {
    build_hierarchy(A, max_levels, levels_);
    for (int lvl = 0; lvl < static_cast<int>(levels_.size()); ++lvl) {
      levels_[lvl].coarse_host = make_pinned<double>(levels_[lvl].n);
    }
    norms_.resize(levels_.size());
  }

  void apply(const double* r, double* z, cudaStream_t s) override {
    vcycle(0, r, z, s);
    if (!log_norms_) return;
    for (int lvl = 0; lvl < static_cast<int>(levels_.size()); ++lvl) {
      auto tmp = make_pinned<double>(levels_[lvl].n);
      SPS_CHECK(cudaMemcpyAsync(tmp.get(), levels_[lvl].d_res, levels_[lvl].n * sizeof(double),
                                cudaMemcpyDeviceToHost, s));
      SPS_CHECK(cudaStreamSynchronize(s));
      double acc = 0.0;
      for (int i = 0; i < levels_[lvl].n; ++i) acc += tmp[i] * tmp[i];
      norms_[lvl] = std::sqrt(acc);
    }
  }

 private:
  void vcycle(int lvl, const double* b, double* x, cudaStream_t s) {
    Level& L = levels_[lvl];
    if (lvl + 1 == static_cast<int>(levels_.size())) {
      SPS_CHECK(cudaMemcpyAsync(L.coarse_host.get(), b, L.n * sizeof(double), cudaMemcpyDeviceToHost, s));
      SPS_CHECK(cudaStreamSynchronize(s));
      dense_solve_host(L, L.coarse_host.get());
      SPS_CHECK(cudaMemcpyAsync(x, L.coarse_host.get(), L.n * sizeof(double), cudaMemcpyHostToDevice, s));
      return;
    }
    smooth(L, b, x, 2, s);
    restrict_to(L, L.d_res, levels_[lvl + 1].d_res, s);
    vcycle(lvl + 1, levels_[lvl + 1].d_res, levels_[lvl + 1].d_cor, s);
    prolong_add(L, levels_[lvl + 1].d_cor, x, s);
    smooth(L, b, x, 2, s);
  }

  std::vector<Level> levels_;
  std::vector<double> norms_;
  bool log_norms_;
};

std::unique_ptr<Preconditioner> make_amg(const CsrMatrix& A, int max_levels) {
  return std::make_unique<AmgPreconditioner>(A, max_levels, std::getenv("SPS_AMG_LOG") != nullptr);
}

}  // namespace sps
