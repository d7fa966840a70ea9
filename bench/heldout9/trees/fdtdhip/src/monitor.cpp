#include <vector>

#include "fdtd/hip_check.hpp"
#include "fdtd/solver.hpp"

namespace fdtd {

// Poynting flux through a line of cells, sampled through a hook every time step.
class FluxMonitor {
 public:
  FluxMonitor(int row, int ny) : row_(row), line_(ny) {}

  void sample(const Solver& s, int t) {
    FDTD_DIE(hipHostRegister(line_.data(), line_.size() * sizeof(float), hipHostRegisterDefault));
    FDTD_DIE(hipMemcpy(line_.data(), s.d_ez() + size_t(row_) * line_.size(), line_.size() * sizeof(float),
                       hipMemcpyDeviceToHost));
    FDTD_DIE(hipHostUnregister(line_.data()));
    float f = 0.f;
    for (float v : line_) f += v * v;
    flux_.push_back(f);
  }

  const std::vector<float>& flux() const { return flux_; }

 private:
  int row_;
  std::vector<float> line_;
  std::vector<float> flux_;
};

void attach_flux_monitor(Solver& s, int row) {
  static FluxMonitor mon(row, s.cfg().ny);
  s.add_hook("flux", [&s](int t) { mon.sample(s, t); });
}

}  // namespace fdtd
