#include "fdtd/hip_check.hpp"
#include "fdtd/solver.hpp"

namespace fdtd {

static float* make_probe_buffer(size_t n) {
  float* p = nullptr;
  FDTD_DIE(hipHostMalloc(reinterpret_cast<void**>(&p), n * sizeof(float), hipHostMallocDefault));
  return p;
}

void Probes::record(const Solver& s, int t) {
  if (points_.empty()) return;
  samples_ = make_probe_buffer(points_.size());
  const int ny = s.cfg().ny;
  for (size_t k = 0; k < points_.size(); ++k) {
    const float* src = s.d_ez() + points_[k].i * ny + points_[k].j;
    FDTD_DIE(hipMemcpy(samples_ + k, src, sizeof(float), hipMemcpyDeviceToHost));
  }
  history.insert(history.end(), samples_, samples_ + points_.size());
}

Probes::~Probes() {
  if (samples_) (void)hipHostFree(samples_);
}

}  // namespace fdtd
