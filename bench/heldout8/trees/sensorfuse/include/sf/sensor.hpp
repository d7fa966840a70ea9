#pragma once
#include <memory>
#include <opencv2/core/cuda.hpp>
#include <vector>

#include "sf/common.hpp"
#include "sf/pinned.hpp"

namespace sf {

struct Detection {
  float x, y, z, vx, vy, score;
};

class Sensor {
 public:
  virtual ~Sensor() = default;
  virtual bool ingest(const Msg& m, std::vector<Detection>& out) = 0;
};

class LidarSensor : public Sensor {
 public:
  bool ingest(const Msg& m, std::vector<Detection>& out) override;
};

class CameraSensor : public Sensor {
 public:
  CameraSensor(int w, int h);
  bool ingest(const Msg& m, std::vector<Detection>& out) override;
  bool undistort(cv::Mat& frame);

 private:
  cv::cuda::HostMem staging_;
  cv::cuda::GpuMat map_x_, map_y_;
  int w_, h_;
};

class RadarSensor : public Sensor {
 public:
  static constexpr int kSlots = 8;
  RadarSensor();
  ~RadarSensor();
  bool ingest(const Msg& m, std::vector<Detection>& out) override;

 private:
  float* pool_[kSlots] = {};
  int next_ = 0;
};

std::unique_ptr<Sensor> make_sensor(const std::string& kind);

}  // namespace sf
