#include "sim.hpp"

#include <numeric>

namespace traffic {

Simulation::Simulation(const std::string& network, int max_vehicles,
                       const std::vector<std::string>& models)
    : net_(load_network(network)), max_vehicles_(max_vehicles) {
  TM_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
  const std::size_t bytes = static_cast<std::size_t>(max_vehicles_) * kStateFields * sizeof(float);
  TM_CHECK(cudaMallocHost(reinterpret_cast<void**>(&host_state_), bytes));
  TM_CHECK(cudaMalloc(&d_state_, bytes));
  TM_CHECK(cudaMemset(d_state_, 0, bytes));
  TM_CHECK(cudaMalloc(&d_co2_, static_cast<std::size_t>(max_vehicles_) * sizeof(float)));
  TM_CHECK(cudaMalloc(&d_traj_, trajectory_size() * sizeof(float)));
  lane_speed_ = PinnedVec<float>(net_.n_lanes, 0.f);
  phases_.assign(net_.junction_lanes.size(), 0);
  for (const auto& m : models) models_.push_back(make_model(m));
}

Simulation::~Simulation() {
  cudaStreamSynchronize(stream_);
  cudaFreeHost(host_state_);
  cudaFree(d_state_);
  cudaFree(d_co2_);
  cudaFree(d_traj_);
  cudaStreamDestroy(stream_);
}

void Simulation::step(float dt) {
  const SimView v = view();
  for (auto& model : models_) model->advance(v, dt, stream_);
  launch_integrate(d_state_, n_vehicles_, dt, stream_);
  TM_CHECK(cudaMemcpyAsync(host_state_, d_state_,
                           static_cast<std::size_t>(n_vehicles_) * kStateFields * sizeof(float),
                           cudaMemcpyDeviceToHost, stream_));
  TM_CHECK(cudaStreamSynchronize(stream_));
  for (auto& entry : hooks_) entry.second(tick_);
  ++tick_;
}

void Simulation::add_hook(const std::string& name) {
  if (name == "emissions") {
    hooks_[name] = [this](int) {
      if (n_vehicles_ == 0) return;
      const std::size_t bytes = static_cast<std::size_t>(n_vehicles_) * sizeof(float);
      float* co2 = nullptr;
      TM_CHECK(cudaMallocHost(reinterpret_cast<void**>(&co2), bytes));
      launch_emissions(d_state_, d_co2_, n_vehicles_, stream_);
      TM_CHECK(cudaMemcpyAsync(co2, d_co2_, bytes, cudaMemcpyDeviceToHost, stream_));
      TM_CHECK(cudaStreamSynchronize(stream_));
      emissions_total_ += std::accumulate(co2, co2 + n_vehicles_, 0.0);
      TM_CHECK(cudaFreeHost(co2));
    };
  } else if (name == "speed_log") {
    hooks_[name] = [this](int tick) {
      if (tick % 10 != 0) return;
      std::fill(lane_speed_.begin(), lane_speed_.end(), 0.f);
      for (int i = 0; i < n_vehicles_; ++i) {
        const int lane = static_cast<int>(host_state_[i * kStateFields + 3]);
        if (lane >= 0 && lane < net_.n_lanes) lane_speed_[lane] += host_state_[i * kStateFields + 1];
      }
    };
  } else {
    throw std::invalid_argument("unknown hook " + name);
  }
}

void Simulation::set_phase(int junction, int phase) { phases_.at(junction) = phase; }

std::vector<int> Simulation::junction_loops(int junction, int phase) const {
  std::vector<int> out;
  const auto& lanes = net_.junction_lanes.at(junction);
  for (int l = 0; l < net_.n_loops; ++l) {
    const int lane = net_.loop_lane[l];
    for (std::size_t k = phase; k < lanes.size(); k += 4)
      if (lanes[k] == lane) out.push_back(l);
  }
  return out;
}

bool Simulation::snapshot(const std::string& path) const {
  const std::size_t bytes = static_cast<std::size_t>(n_vehicles_) * kStateFields * sizeof(float);
  float* buf = nullptr;
  if (cudaHostAlloc(reinterpret_cast<void**>(&buf), bytes + sizeof(int), cudaHostAllocDefault) != cudaSuccess) {
    return false;
  }
  bool ok = cudaMemcpy(buf, d_state_, bytes, cudaMemcpyDeviceToHost) == cudaSuccess;
  if (ok) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    ok = f != nullptr && std::fwrite(&n_vehicles_, sizeof(int), 1, f) == 1 &&
         std::fwrite(buf, 1, bytes, f) == bytes;
    if (f) std::fclose(f);
  }
  cudaFreeHost(buf);
  return ok;
}

}  // namespace traffic
