// Loop detectors, lane aggregates and the device kernels of the step.
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/mr/allocator.h>
#include <thrust/system/cuda/memory_resource.h>
#include <thrust/universal_vector.h>

#include <numeric>

#include "models.hpp"
#include "sim.hpp"

namespace traffic {

using PinnedCounts = thrust::host_vector<
    int, thrust::mr::stateless_resource_allocator<int, thrust::universal_host_pinned_memory_resource>>;

__global__ void integrate_kernel(float* s, int n, float dt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float* v = s + i * kStateFields;
  v[1] = fmaxf(0.f, v[1] + dt * v[2]);
  v[0] += dt * v[1];
}

__global__ void emissions_kernel(const float* s, float* co2, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float u = s[i * kStateFields + 1], a = s[i * kStateFields + 2];
  co2[i] = 0.5f + 0.02f * u + 0.1f * fmaxf(a, 0.f) * u;  // g/s, VT-micro style fit
}

__global__ void gipps_kernel(float* s, int n, GippsParams p, float dt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float* v = s + i * kStateFields;
  const float u_free = v[1] + 2.5f * p.a_max * p.tau * (1.f - v[1] / 30.f) * sqrtf(0.025f + v[1] / 30.f);
  float u_brake = u_free;
  if (i + 1 < n && s[(i + 1) * kStateFields + 3] == v[3]) {
    const float gap = s[(i + 1) * kStateFields] - v[0] - p.s0;
    const float ul = s[(i + 1) * kStateFields + 1];
    u_brake = p.b_max * p.tau + sqrtf(fmaxf(0.f, p.b_max * p.b_max * p.tau * p.tau - p.b_max * (2.f * gap - v[1] * p.tau - ul * ul / -3.f)));
  }
  v[2] = (fminf(u_free, u_brake) - v[1]) / dt;
}

__global__ void loop_kernel(const float* s, int n, const int* loop_lane, const float* loop_pos,
                            int n_loops, int* counts) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float x = s[i * kStateFields];
  const int lane = static_cast<int>(s[i * kStateFields + 3]);
  for (int l = 0; l < n_loops; ++l)
    if (loop_lane[l] == lane && fabsf(loop_pos[l] - x) < 2.0f) atomicAdd(&counts[l], 1);
}

void launch_integrate(float* d, int n, float dt, cudaStream_t st) {
  if (n) integrate_kernel<<<(n + 255) / 256, 256, 0, st>>>(d, n, dt);
}
void launch_emissions(const float* d, float* co2, int n, cudaStream_t st) {
  if (n) emissions_kernel<<<(n + 255) / 256, 256, 0, st>>>(d, co2, n);
}
void launch_gipps(float* d, int n, GippsParams p, float dt, cudaStream_t st) {
  if (n) gipps_kernel<<<(n + 255) / 256, 256, 0, st>>>(d, n, p, dt);
}

std::vector<int> Simulation::loop_counts() {
  thrust::device_vector<int> d_counts(net_.n_loops, 0);
  thrust::device_vector<int> d_lane(net_.loop_lane.begin(), net_.loop_lane.end());
  thrust::device_vector<float> d_pos(net_.loop_pos.begin(), net_.loop_pos.end());
  if (n_vehicles_ > 0) {
    loop_kernel<<<(n_vehicles_ + 255) / 256, 256, 0, stream_>>>(
        d_state_, n_vehicles_, thrust::raw_pointer_cast(d_lane.data()),
        thrust::raw_pointer_cast(d_pos.data()), net_.n_loops, thrust::raw_pointer_cast(d_counts.data()));
    TM_CHECK(cudaStreamSynchronize(stream_));
  }
  PinnedCounts counts(net_.n_loops);
  thrust::copy(d_counts.begin(), d_counts.end(), counts.begin());
  return std::vector<int>(counts.begin(), counts.end());
}

std::vector<float> Simulation::occupancy() {
  if (occ_.size() < static_cast<std::size_t>(net_.n_lanes)) {
    occ_ = PinnedOccupancy(net_.n_lanes);
  }
  std::fill(occ_.begin(), occ_.end(), 0.f);
  for (int i = 0; i < n_vehicles_; ++i) {
    const int lane = static_cast<int>(host_state_[i * kStateFields + 3]);
    if (lane >= 0 && lane < net_.n_lanes) occ_[lane] += 5.0f / net_.lane_length[lane];
  }
  return std::vector<float>(occ_.begin(), occ_.begin() + net_.n_lanes);
}

std::vector<double> Simulation::aggregate_lanes(int groups) {
  std::vector<double> out;
  const int per_group = (net_.n_lanes + groups - 1) / groups;
  for (int g = 0; g < groups; ++g) {
    const int first = g * per_group;
    const int n = std::min(per_group, net_.n_lanes - first);
    if (n <= 0) break;
    thrust::universal_host_pinned_vector<int> counts(n, 0);
    for (int i = 0; i < n_vehicles_; ++i) {
      const int lane = static_cast<int>(host_state_[i * kStateFields + 3]) - first;
      if (lane >= 0 && lane < n) counts[lane] += 1;
    }
    double density = 0.0;
    for (int l = 0; l < n; ++l) density += counts[l] / (net_.lane_length[first + l] / 1000.0);
    out.push_back(density / n);
  }
  return out;
}

}  // namespace traffic
