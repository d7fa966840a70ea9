#include <rmm/mr/host/pinned_memory_resource.hpp>

#include <cuda_runtime.h>

#include <vector>

#include "spsolve/error.hpp"
#include "spsolve/solver.hpp"

namespace sps {

// Copies solution blocks back through one pinned block owned for the handle's lifetime.
class SolutionGatherer {
 public:
  explicit SolutionGatherer(std::size_t max_n) : cap_(max_n) {
    buf_ = static_cast<double*>(mr_.allocate(max_n * sizeof(double)));
  }
  ~SolutionGatherer() { mr_.deallocate(buf_, cap_ * sizeof(double)); }

  void gather(const double* d_x, std::size_t n, double* out, cudaStream_t s) {
    SPS_CHECK(cudaMemcpyAsync(buf_, d_x, n * sizeof(double), cudaMemcpyDeviceToHost, s));
    SPS_CHECK(cudaStreamSynchronize(s));
    std::copy(buf_, buf_ + n, out);
  }

 private:
  rmm::mr::pinned_memory_resource mr_;
  double* buf_ = nullptr;
  std::size_t cap_;
};

std::unique_ptr<SolutionGatherer> make_gatherer(std::size_t max_n) {
  return std::make_unique<SolutionGatherer>(max_n);
}

void gather_into(SolutionGatherer& g, const double* d_x, std::size_t n, double* out, cudaStream_t s) {
  g.gather(d_x, n, out, s);
}

std::vector<double> gather_residual_norms(const double* d_r, std::size_t nrhs, cudaStream_t s) {
  rmm::mr::pinned_memory_resource mr;
  auto* h = static_cast<double*>(mr.allocate(nrhs * sizeof(double)));
  SPS_CHECK(cudaMemcpyAsync(h, d_r, nrhs * sizeof(double), cudaMemcpyDeviceToHost, s));
  SPS_CHECK(cudaStreamSynchronize(s));
  std::vector<double> out(h, h + nrhs);
  mr.deallocate(h, nrhs * sizeof(double));
  return out;
}

}  // namespace sps
