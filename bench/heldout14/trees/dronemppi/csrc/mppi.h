#pragma once
#include <cstdint>
#include <vector>
#include "pinned.h"

namespace drn {

struct PlannerConfig {
  int n_drones;
  int horizon;
  int samples;
  float dt;
  float lambda;
  float sigma[3];
};

class MppiPlanner {
 public:
  explicit MppiPlanner(const PlannerConfig& cfg);
  ~MppiPlanner();
  // one planning tick: states is n_drones x 6, returns n_drones x 3 setpoints
  std::vector<float> plan(const float* states, const float* cost_weights);
  void reset_nominal();

 private:
  void sample_noise(std::uint64_t seed);
  void rollout_and_score(const float* d_states, float* h_costs);

  PlannerConfig cfg_;
  PinnedArray<float> controls_;
  float* d_controls_ = nullptr;
  float* d_noise_ = nullptr;
  float* d_costs_ = nullptr;
  std::uint64_t tick_ = 0;
};

}  // namespace drn
