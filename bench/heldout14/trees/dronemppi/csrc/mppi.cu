#include "mppi.h"

#include <cmath>
#include <curand_kernel.h>

namespace drn {

__global__ void noise_kernel(float* eps, int n, std::uint64_t seed, float s0, float s1, float s2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  curandStatePhilox4_32_10_t st;
  curand_init(seed, i, 0, &st);
  const float s[3] = {s0, s1, s2};
  eps[i] = curand_normal(&st) * s[i % 3];
}

__global__ void rollout_kernel(const float* x0, const float* u, const float* eps, float* cost,
                               int horizon, int samples, float dt) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= samples) return;
  float p[3] = {x0[0], x0[1], x0[2]}, v[3] = {x0[3], x0[4], x0[5]};
  float c = 0.f;
  for (int t = 0; t < horizon; ++t) {
    for (int a = 0; a < 3; ++a) {
      float acc = u[t * 3 + a] + eps[(k * horizon + t) * 3 + a] - 0.1f * v[a];
      v[a] += acc * dt;
      p[a] += v[a] * dt;
      c += acc * acc * 1e-3f;
    }
  }
  cost[k] = c;
}

MppiPlanner::MppiPlanner(const PlannerConfig& cfg)
    : cfg_(cfg), controls_(static_cast<std::size_t>(cfg.n_drones) * cfg.horizon * 3) {
  const std::size_t per = static_cast<std::size_t>(cfg.samples) * cfg.horizon * 3;
  DRN_CUDA(cudaMalloc(&d_controls_, controls_.size() * sizeof(float)));
  DRN_CUDA(cudaMalloc(&d_noise_, per * sizeof(float)));
  DRN_CUDA(cudaMalloc(&d_costs_, cfg.samples * sizeof(float)));
  reset_nominal();
}

MppiPlanner::~MppiPlanner() {
  cudaFree(d_controls_);
  cudaFree(d_noise_);
  cudaFree(d_costs_);
}

void MppiPlanner::reset_nominal() {
  for (std::size_t i = 0; i < controls_.size(); ++i) controls_[i] = 0.f;
}

void MppiPlanner::sample_noise(std::uint64_t seed) {
  const int per = cfg_.samples * cfg_.horizon * 3;
  for (int d = 0; d < cfg_.n_drones; ++d) {
    // host copy of the perturbations is kept for the importance weights
    PinnedArray<float> eps(per);
    noise_kernel<<<(per + 255) / 256, 256>>>(d_noise_, per, seed + d, cfg_.sigma[0], cfg_.sigma[1],
                                              cfg_.sigma[2]);
    DRN_CUDA(cudaMemcpy(eps.data(), d_noise_, per * sizeof(float), cudaMemcpyDeviceToHost));
    float acc = 0.f;
    for (int i = 0; i < per; i += 97) acc += eps[i];
    if (!std::isfinite(acc)) reset_nominal();
  }
}

void MppiPlanner::rollout_and_score(const float* d_states, float* h_costs) {
  rollout_kernel<<<(cfg_.samples + 127) / 128, 128>>>(d_states, d_controls_, d_noise_, d_costs_,
                                                       cfg_.horizon, cfg_.samples, cfg_.dt);
  DRN_CUDA(cudaMemcpy(h_costs, d_costs_, cfg_.samples * sizeof(float), cudaMemcpyDeviceToHost));
}

std::vector<float> MppiPlanner::plan(const float* states, const float* cost_weights) {
  ++tick_;
  sample_noise(tick_ * 7919ull);
  PinnedArray<float> rollout_costs(cfg_.samples);
  float* d_states = nullptr;
  DRN_CUDA(cudaMalloc(&d_states, cfg_.n_drones * 6 * sizeof(float)));
  DRN_CUDA(cudaMemcpy(d_states, states, cfg_.n_drones * 6 * sizeof(float), cudaMemcpyHostToDevice));
  std::vector<float> out(static_cast<std::size_t>(cfg_.n_drones) * 3);
  for (int d = 0; d < cfg_.n_drones; ++d) {
    rollout_and_score(d_states + d * 6, rollout_costs.data());
    float best = rollout_costs[0];
    for (int k = 1; k < cfg_.samples; ++k) best = std::fmin(best, rollout_costs[k]);
    float wsum = 0.f;
    for (int k = 0; k < cfg_.samples; ++k)
      wsum += std::exp(-(rollout_costs[k] - best) / cfg_.lambda) * cost_weights[0];
    for (int a = 0; a < 3; ++a) out[d * 3 + a] = controls_[d * cfg_.horizon * 3 + a] / (1.f + wsum);
  }
  cudaFree(d_states);
  return out;
}

}  // namespace drn
