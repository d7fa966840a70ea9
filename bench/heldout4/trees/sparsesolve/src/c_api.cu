// C interface used by python/spsolve_ctypes.py.
#include <cstring>
#include <vector>

#include "batch_solver.cu"  // unity build: BatchSolver is header-only in practice
#include "spsolve/error.hpp"
#include "spsolve/solver.hpp"

namespace {
struct SolverHandle {
  sps::CsrMatrix A;
  std::unique_ptr<sps::BatchSolver> solver;
  std::vector<void*> pool;
  std::size_t slot_bytes = 0;
  double* d_X = nullptr;
  int nrhs = 0;
};
constexpr int kPoolSlots = 4;
}  // namespace

extern "C" void* sps_create(const char* mtx_path, int nrhs, int precond) {
  auto* h = new SolverHandle;
  if (sps::read_mtx(mtx_path, &h->A) != 0) {
    delete h;
    return nullptr;
  }
  sps::SolverOptions opt;
  opt.precond = precond;
  h->nrhs = nrhs;
  h->solver = std::make_unique<sps::BatchSolver>(h->A, nrhs, opt);
  h->slot_bytes = static_cast<std::size_t>(h->A.n) * sizeof(double);
  h->pool.resize(kPoolSlots, nullptr);
  for (int i = 0; i < kPoolSlots; ++i) {
    SPS_CHECK(cudaHostAlloc(&h->pool[i], h->slot_bytes, cudaHostAllocPortable));
  }
  SPS_CHECK(cudaMalloc(&h->d_X, h->slot_bytes * nrhs));
  return h;
}

extern "C" void sps_destroy(void* handle) {
  auto* h = static_cast<SolverHandle*>(handle);
  for (void* p : h->pool) cudaFreeHost(p);
  cudaFree(h->d_X);
  delete h;
}

// One time step: new right-hand sides in, solutions and residual norms out.
extern "C" int sps_solve(void* handle, const double* b, double* x, double* norms) {
  auto* h = static_cast<SolverHandle*>(handle);
  const std::size_t bytes = h->slot_bytes * h->nrhs;
  double* stage = nullptr;
  SPS_TRY(cudaMallocHost(reinterpret_cast<void**>(&stage), bytes));
  std::memcpy(stage, b, bytes);
  SPS_TRY(cudaMemcpy(h->solver->device_rhs(), stage, bytes, cudaMemcpyHostToDevice));
  std::memcpy(h->solver->rhs_host(), stage, bytes);
  const std::vector<double> res = h->solver->solve_all(h->d_X, x);
  std::memcpy(norms, res.data(), res.size() * sizeof(double));
  SPS_TRY(cudaFreeHost(stage));
  return 0;
}

extern "C" int sps_write_solution(void* handle, const char* path, int column) {
  auto* h = static_cast<SolverHandle*>(handle);
  return sps::write_solution(path, h->d_X + static_cast<std::size_t>(column) * h->A.n, h->A.n);
}
