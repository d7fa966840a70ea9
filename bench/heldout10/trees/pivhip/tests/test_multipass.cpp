// A synthetic pair shifted by (3, -2) px is recovered by the multi-pass correlator.
#include <cassert>
#include <cmath>
#include <random>
#include "piv/host_buffer.hpp"
#include "piv/stages.hpp"

int main() {
  piv::PivConfig cfg;
  cfg.width = cfg.height = 256;
  cfg.window = 16;
  cfg.overlap = 8;
  cfg.passes = 2;
  cfg.max_vectors = 4096;
  const std::size_t px = static_cast<std::size_t>(cfg.width) * cfg.height;
  piv::HostBuffer<uint16_t> img(2 * px);
  std::mt19937 rng(1);
  std::uniform_int_distribution<int> dist(0, 4095);
  for (std::size_t i = 0; i < px; ++i) img[i] = static_cast<uint16_t>(dist(rng) > 4000 ? 60000 : 0);
  for (int y = 0; y < cfg.height; ++y)
    for (int x = 0; x < cfg.width; ++x) {
      const int sx = (x - 3 + cfg.width) % cfg.width, sy = (y + 2) % cfg.height;
      img[px + y * cfg.width + x] = img[sy * cfg.width + sx];
    }
  piv::CrossCorrelator cc(cfg);
  piv::Validator val;
  piv::MultiPass mp(cfg, cc, val);
  piv::FramePair p;
  p.a = piv::Image{cfg.width, cfg.height, img.data()};
  p.b = piv::Image{cfg.width, cfg.height, img.data() + px};
  piv::VectorField f = mp.run(p);
  const std::size_t mid = f.size() / 2;
  assert(std::fabs(f.u[mid] - 3.f) < 0.2f);
  assert(std::fabs(f.v[mid] + 2.f) < 0.2f);
  return 0;
}
