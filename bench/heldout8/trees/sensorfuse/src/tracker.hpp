#pragma once
#include <vector>

#include "sf/pinned.hpp"
#include "sf/sensor.hpp"

namespace sf {

struct Track {
  float x, y, vx, vy;
  int id, age;
};

class Tracker {
 public:
  void update(const std::vector<Detection>& dets, double stamp);
  const pinned_vec<Track>& host_tracks() const { return tracks_host_; }

 private:
  void init_association(const std::vector<Detection>& dets);
  std::vector<Track> tracks_;
  pinned_vec<Track> tracks_host_;
  int next_id_ = 0;
};

}  // namespace sf
