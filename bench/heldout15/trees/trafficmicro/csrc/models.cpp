#include "models.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace traffic {

void launch_gipps(float* d_state, int n, GippsParams p, float dt, cudaStream_t s);

namespace {

// Intelligent Driver Model. Leaders are found on the host from the pinned mirror of the
// last step (vehicles are kept sorted by lane, then position).
class Idm final : public CarFollowing {
 public:
  const char* name() const override { return "idm"; }

  void advance(const SimView& v, float dt, cudaStream_t stream) override {
    if (v.n == 0) return;
    PinnedVec<float> accel(static_cast<std::size_t>(v.n));
    const float* s = v.host_state;
#pragma omp parallel for schedule(static)
    for (int i = 0; i < v.n; ++i) {
      const float x = s[i * kStateFields], u = s[i * kStateFields + 1];
      const int lane = static_cast<int>(s[i * kStateFields + 3]);
      const float v0 = v.net->lane_speed_limit[lane];
      float gap = 1e6f, du = 0.f;
      if (i + 1 < v.n && static_cast<int>(s[(i + 1) * kStateFields + 3]) == lane) {
        gap = s[(i + 1) * kStateFields] - x - 5.0f;
        du = u - s[(i + 1) * kStateFields + 1];
      }
      const float s_star = p_.s0 + std::max(0.f, u * p_.headway + u * du / (2.f * std::sqrt(p_.a_max * p_.b_comf)));
      accel[i] = p_.a_max * (1.f - std::pow(u / v0, p_.delta) - (s_star / std::max(gap, 0.1f)) * (s_star / std::max(gap, 0.1f)));
    }
    TM_CHECK(cudaMemcpy2DAsync(v.dev_state + 2, kStateFields * sizeof(float), accel.data(), sizeof(float),
                               sizeof(float), v.n, cudaMemcpyHostToDevice, stream));
    TM_CHECK(cudaStreamSynchronize(stream));
  }

 private:
  IdmParams p_;
};

class Gipps final : public CarFollowing {
 public:
  const char* name() const override { return "gipps"; }
  void advance(const SimView& v, float dt, cudaStream_t stream) override {
    launch_gipps(v.dev_state, v.n, p_, dt, stream);
  }

 private:
  GippsParams p_;
};

}  // namespace

std::unique_ptr<CarFollowing> make_model(const std::string& name) {
  if (name == "idm") return std::make_unique<Idm>();
  if (name == "gipps") return std::make_unique<Gipps>();
  throw std::invalid_argument("unknown car-following model " + name);
}

}  // namespace traffic
