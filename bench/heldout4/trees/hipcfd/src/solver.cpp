#include "solver.hpp"

#include <cmath>
#include <cstring>

// Kernel launchers (kernels.hip).
void launch_advect(double* u, const double* p, int n, double dt);
void launch_divergence(const double* u, double* p, int nx, int ny, int nz, double dx);
void launch_project(double* u, const double* p, int nx, int ny, int nz, double dx);

Solver::Solver(const Grid& g, MPI_Comm comm)
    : g_(g),
      comm_(comm),
      probe_vals_(4096),
      fft_(g.nx, g.ny, g.nz),
      halo_(g, comm),
      diag_(g) {
  const std::size_t n = cells();
  HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&d_u_), 3 * n * sizeof(double)));
  HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&d_p_), n * sizeof(double)));
  HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&u_host_), 3 * n * sizeof(double), hipHostMallocNonCoherent));
  if (!halo_.attach(3 * n)) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    if (rank == 0) std::fprintf(stderr, "halo: host mirror unavailable, boundary conditions run on device\n");
  }
}

Solver::~Solver() {
  (void)hipHostFree(u_host_);
  (void)hipHostFree(res_);
  (void)hipFree(d_u_);
  (void)hipFree(d_p_);
}

void Solver::record_residual(double r) {
  if (nres_ == res_cap_) {
    const std::size_t cap = res_cap_ ? 2 * res_cap_ : 1024;
    double* grown = nullptr;
    HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&grown), cap * sizeof(double), hipHostMallocDefault));
    if (res_ != nullptr) {
      std::memcpy(grown, res_, nres_ * sizeof(double));
      HIP_CHECK(hipHostFree(res_));
    }
    res_ = grown;
    res_cap_ = cap;
  }
  res_[nres_++] = r;
}

void Solver::pressure_solve() {
  launch_divergence(d_u_, d_p_, g_.nx, g_.ny, g_.nz, g_.dx);
  fft_.forward(d_p_);
  fft_.inverse(d_p_);
  launch_project(d_u_, d_p_, g_.nx, g_.ny, g_.nz, g_.dx);
  record_residual(std::fabs(fft_.dc()));
}

void Solver::step(double dt) {
  halo_.exchange(d_u_);
  launch_advect(d_u_, d_p_, static_cast<int>(cells()), dt);
  pressure_solve();
  diag_.compute(d_u_);
}

void Solver::download_probes() {
  HIP_CHECK(hipMemcpy(probe_vals_.data(), d_u_, probe_vals_.size() * sizeof(double), hipMemcpyDeviceToHost));
}
