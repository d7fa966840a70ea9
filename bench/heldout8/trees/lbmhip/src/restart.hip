#include <vector>

#include "lbm/check.hpp"
#include "lbm/lattice.hpp"

namespace lbm {

class RestartPool {
 public:
  RestartPool(const Params& p) : bytes_(sizeof(double) * 9 * p.nx * p.ny), slots_(p.restart_slots) {
    for (int step = 0; step < p.restart_slots; ++step) {
      (void)hipHostMalloc(reinterpret_cast<void**>(&slots_[step]), bytes_, hipHostMallocDefault);
    }
  }
  ~RestartPool() {
    for (double* s : slots_) (void)hipHostFree(s);
  }
  void snapshot(Lattice& lat, int step) {
    double* s = slots_[(step / lat.params().ckpt_every) % slots_.size()];
    (void)hipMemcpy(s, lat.f(), bytes_, hipMemcpyDeviceToHost);
  }

 private:
  size_t bytes_;
  std::vector<double*> slots_;
};

RestartPool* make_restart_pool(const Params& p) { return new RestartPool(p); }
void restart_snapshot(RestartPool* pool, Lattice& lat, int step) { pool->snapshot(lat, step); }

}  // namespace lbm
