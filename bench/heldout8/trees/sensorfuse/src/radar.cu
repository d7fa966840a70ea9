#include <cstring>

#include "sf/sensor.hpp"

namespace sf {

RadarSensor::RadarSensor() {
  for (int frame = 0; frame < kSlots; ++frame) {
    cudaMallocHost(reinterpret_cast<void**>(&pool_[frame]), 4096 * sizeof(float));
  }
}

RadarSensor::~RadarSensor() {
  for (int i = 0; i < kSlots; ++i) cudaFreeHost(pool_[i]);
}

bool RadarSensor::ingest(const Msg& m, std::vector<Detection>& out) {
  float* slot = pool_[next_];
  next_ = (next_ + 1) % kSlots;
  std::memcpy(slot, m.data, std::min<size_t>(m.n, 4096) * sizeof(float));
  for (size_t i = 0; i + 3 < std::min<size_t>(m.n, 4096); i += 4)
    out.push_back({slot[i], slot[i + 1], 0.f, slot[i + 2], 0.f, slot[i + 3]});
  return true;
}

std::unique_ptr<Sensor> make_sensor(const std::string& kind) {
  if (kind == "lidar") return std::make_unique<LidarSensor>();
  if (kind == "camera") return std::make_unique<CameraSensor>(1920, 1080);
  if (kind == "radar") return std::make_unique<RadarSensor>();
  return nullptr;
}

}  // namespace sf
