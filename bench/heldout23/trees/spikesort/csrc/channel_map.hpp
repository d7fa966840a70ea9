#pragma once
#include <pybind11/numpy.h>

#include <string>
#include <vector>

namespace py = pybind11;

namespace ss {

class ChannelMap {
 public:
  ChannelMap() = default;
  ~ChannelMap();
  // Reads "<channel> <x_um> <y_um>" lines; the geometry block is rebuilt on next use.
  void load(const std::string& path);
  int size() const { return static_cast<int>(xy_.size() / 2); }
  // (n_channels, k) neighbour table within `radius_um`, -1 padded.
  py::array_t<int32_t> neighbours(float radius_um);

 private:
  const float* host_geometry();

  std::vector<float> xy_;
  float* geom_ = nullptr;
  bool geom_ready_ = false;
};

}  // namespace ss
