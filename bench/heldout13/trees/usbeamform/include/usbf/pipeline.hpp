#pragma once
#include <functional>
#include <vector>

#include "beamformer.hpp"

namespace usbf {

struct PipelineConfig {
  int n_angles = 11;
  float max_angle_deg = 10.f;
  int nz = 512;
  int nx = 256;
  float fs = 31.25e6f;
  float c0 = 1540.f;
  int doppler_ensemble = 16;
  int doppler_every = 4;
};

class Pipeline {
 public:
  using Sink = std::function<void(const Frame&, const PinnedView2D<float>&)>;
  Pipeline(const ProbeGeometry& probe, const PipelineConfig& cfg);
  void add_sink(Sink s);
  void on_frame(const Frame& f);

 private:
  PipelineConfig cfg_;
  Beamformer bf_;
  Compounder comp_;
  DopplerProcessor doppler_;
  std::vector<DevView2D<float>> imgs_;
  std::vector<Sink> sinks_;
};

}  // namespace usbf
