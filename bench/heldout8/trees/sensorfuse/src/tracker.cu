#include <cmath>

#include "tracker.hpp"

namespace sf {

void Tracker::init_association(const std::vector<Detection>& dets) {
  const size_t n = tracks_.size(), m = dets.size();
  PinnedBlock<float> cost(n * m + 1);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < m; ++j)
      cost.data()[i * m + j] = std::hypot(tracks_[i].x - dets[j].x, tracks_[i].y - dets[j].y);
  for (size_t i = 0; i < n; ++i) {
    size_t best = 0;
    for (size_t j = 1; j < m; ++j)
      if (cost.data()[i * m + j] < cost.data()[i * m + best]) best = j;
    if (m) {
      tracks_[i].x = dets[best].x;
      tracks_[i].y = dets[best].y;
      tracks_[i].age = 0;
    }
  }
}

void Tracker::update(const std::vector<Detection>& dets, double stamp) {
  (void)stamp;
  init_association(dets);
  if (tracks_.empty())
    for (const auto& d : dets) tracks_.push_back({d.x, d.y, d.vx, d.vy, next_id_++, 0});
  if (tracks_host_.size() < tracks_.size()) tracks_host_.resize(tracks_.size() * 2);
  for (size_t i = 0; i < tracks_.size(); ++i) tracks_host_[i] = tracks_[i];
}

}  // namespace sf
