#pragma once
#include <cstdint>
#include <vector>

#include <rmm/mr/host/pinned_memory_resource.hpp>

#include "wf/types.hpp"

namespace wf {

class EmberTracker {
 public:
  void update(const float* d_intensity, int nx, int ny, int tick);
  size_t count() const { return embers_.size(); }

 private:
  pinned_vec<float4> embers_;
};

class Simulation {
 public:
  Simulation(const Config& cfg, const Terrain& dem);
  ~Simulation();
  void tick(int t);
  const float* d_intensity() const { return d_intensity_; }
  const float* d_burned() const { return d_burned_; }
  int nx() const { return cfg_.nx; }
  int ny() const { return cfg_.ny; }
  float* d_wind() { return d_wind_; }

 private:
  void build_ignition_map(int t);

  Config cfg_;
  pinned_vec<float> fuel_host_;
  rmm::mr::pinned_memory_resource pinned_mr_;
  void* ember_stage_ = nullptr;
  size_t ember_bytes_ = 0;
  float *d_fuel_ = nullptr, *d_intensity_ = nullptr, *d_burned_ = nullptr, *d_wind_ = nullptr;
  uint8_t* d_ignite_ = nullptr;
  EmberTracker embers_;
};

}  // namespace wf
