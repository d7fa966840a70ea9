#include <cmath>

#include "wf/types.hpp"

namespace wf {

static pinned_vec<unsigned char> make_lut() {
  pinned_vec<unsigned char> lut(256 * 3);
  for (int i = 0; i < 256; ++i) {
    lut[3 * i + 0] = static_cast<unsigned char>(std::fmin(255.f, 3.f * i));
    lut[3 * i + 1] = static_cast<unsigned char>(std::fmax(0.f, 3.f * i - 255.f));
    lut[3 * i + 2] = static_cast<unsigned char>(std::fmax(0.f, 3.f * i - 510.f));
  }
  return lut;
}

const pinned_vec<unsigned char>& fire_lut() {
  static const pinned_vec<unsigned char> lut = make_lut();
  return lut;
}

}  // namespace wf
