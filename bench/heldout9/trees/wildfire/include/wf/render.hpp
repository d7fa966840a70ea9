#pragma once
#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>

#include "wf/sim.hpp"

namespace wf {

class Renderer {
 public:
  Renderer(int nx, int ny);
  void load_palette(const std::string& path);
  void render_overlay(const Simulation& sim, int t);

 private:
  int nx_, ny_;
  cv::cuda::HostMem frame_;
  cv::Mat palette_;
  cv::cuda::GpuMat d_frame_;
};

}  // namespace wf
