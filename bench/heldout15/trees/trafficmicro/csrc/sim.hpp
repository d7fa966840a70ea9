#pragma once

#include <cuda_runtime.h>
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "pinned_alloc.hpp"

#define TM_CHECK(expr)                                                                  \
  do {                                                                                  \
    cudaError_t tm_e_ = (expr);                                                         \
    if (tm_e_ != cudaSuccess) {                                                         \
      std::fprintf(stderr, "trafficmicro: %s: %s\n", #expr, cudaGetErrorString(tm_e_)); \
      std::abort();                                                                     \
    }                                                                                   \
  } while (0)

namespace traffic {

using PinnedOccupancy =
    thrust::host_vector<float, thrust::system::cuda::experimental::pinned_allocator<float>>;

constexpr int kStateFields = 4;  // position, speed, acceleration, lane

struct Network {
  int n_nodes = 0;
  int n_lanes = 0;
  int n_loops = 0;
  std::vector<float> lane_length;
  std::vector<float> lane_speed_limit;
  std::vector<int> lane_from, lane_to;
  std::vector<int> loop_lane;
  std::vector<float> loop_pos;
  std::vector<std::vector<int>> junction_lanes;
};

Network load_network(const std::string& path);

struct SimView {
  float* host_state;  // pinned mirror, updated after every step
  float* dev_state;
  const Network* net;
  int n;
};

class CarFollowing {
 public:
  virtual ~CarFollowing() = default;
  virtual const char* name() const = 0;
  virtual void advance(const SimView& v, float dt, cudaStream_t stream) = 0;
};

std::unique_ptr<CarFollowing> make_model(const std::string& name);

class Simulation {
 public:
  Simulation(const std::string& network, int max_vehicles, const std::vector<std::string>& models);
  ~Simulation();
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  void step(float dt);
  void add_hook(const std::string& name);
  void set_phase(int junction, int phase);
  std::vector<int> loop_counts();
  std::vector<float> occupancy();
  std::vector<double> aggregate_lanes(int groups);
  std::vector<int> reroute(const std::vector<std::pair<int, int>>& od_pairs);
  bool snapshot(const std::string& path) const;
  void write_trajectories(const std::string& path, float* frames, std::size_t n);

  int n_lanes() const { return net_.n_lanes; }
  int n_vehicles() const { return n_vehicles_; }
  std::size_t trajectory_size() const { return static_cast<std::size_t>(max_vehicles_) * 2 * 64; }
  std::vector<int> junction_lanes(int junction) const { return net_.junction_lanes.at(junction); }
  std::vector<int> junction_loops(int junction, int phase) const;
  double emissions_total() const { return emissions_total_; }

 private:
  SimView view() { return SimView{host_state_, d_state_, &net_, n_vehicles_}; }

  Network net_;
  int max_vehicles_ = 0;
  int n_vehicles_ = 0;
  int tick_ = 0;
  double emissions_total_ = 0.0;
  cudaStream_t stream_ = nullptr;
  float* host_state_ = nullptr;
  float* d_state_ = nullptr;
  float* d_co2_ = nullptr;
  float* d_traj_ = nullptr;
  std::vector<int> phases_;
  PinnedVec<float> lane_speed_;
  PinnedOccupancy occ_;
  std::vector<std::unique_ptr<CarFollowing>> models_;
  std::map<std::string, std::function<void(int)>> hooks_;
};

void launch_integrate(float* d_state, int n, float dt, cudaStream_t s);
void launch_emissions(const float* d_state, float* d_co2, int n, cudaStream_t s);

}  // namespace traffic
