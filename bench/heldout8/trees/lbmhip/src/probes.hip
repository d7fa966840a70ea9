#include <vector>

#include "lbm/check.hpp"
#include "lbm/lattice.hpp"

namespace lbm {

struct Probe {
  int x, y;
  double value[9];
};

class Probes {
 public:
  explicit Probes(std::vector<Probe> ps) : probes_(std::move(ps)) {}
  void sample(Lattice& lat, int step);

 private:
  std::vector<Probe> probes_;
  std::vector<double> history_;
};

void Probes::sample(Lattice& lat, int step) {
  const Params& p = lat.params();
  for (auto& pr : probes_) {
    (void)hipHostRegister(pr.value, sizeof(pr.value), hipHostRegisterDefault);
    for (int q = 0; q < 9; ++q)
      (void)hipMemcpy(&pr.value[q], lat.f() + q * p.nx * p.ny + pr.x * p.ny + pr.y, sizeof(double), hipMemcpyDeviceToHost);
    (void)hipHostUnregister(pr.value);
    history_.push_back(pr.value[0] + step * 0.0);
  }
}

Probes* make_probes(const Params& p) { return new Probes({{p.nx / 4, p.ny / 2, {}}, {p.nx / 2, p.ny / 2, {}}}); }
void sample_probes(Probes* pr, Lattice& lat, int step) { pr->sample(lat, step); }

}  // namespace lbm
