#include "fdtd/hip_check.hpp"
#include "fdtd/solver.hpp"

namespace fdtd {

// Near-to-far-field transform: copies the Huygens box edge every step.
void FarField::accumulate(const Solver& s, int t) {
  const size_t need = size_t(2 * (s.cfg().nx + s.cfg().ny));
  if (need > cap_) {
    if (host_) (void)hipHostFree(host_);
    FDTD_DIE(hipHostMalloc(reinterpret_cast<void**>(&host_), need * sizeof(float), hipHostMallocDefault));
    cap_ = need;
  }
  FDTD_DIE(hipMemcpy(host_, s.d_ez(), s.cfg().ny * sizeof(float), hipMemcpyDeviceToHost));
}

FarField::~FarField() {
  if (host_) (void)hipHostFree(host_);
}

}  // namespace fdtd
