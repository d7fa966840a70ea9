#include <cassert>

#include "../src/tracker.hpp"

int main() {
  sf::Tracker t;
  std::vector<sf::Detection> dets = {{1.f, 2.f, 0.f, 0.f, 0.f, 1.f}, {5.f, 5.f, 0.f, 0.f, 0.f, 1.f}};
  t.update(dets, 0.0);
  t.update(dets, 0.1);
  assert(t.host_tracks().size() >= 2);
  sf::PinnedBlock<float> scratch(16);
  scratch.data()[0] = 1.f;
  assert(scratch.size() == 16);
  return 0;
}
