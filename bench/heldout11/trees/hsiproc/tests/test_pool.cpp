#include <cassert>
#include <cstdint>
#include <cstdio>

#include "../src/pinned_lines.hpp"

int main() {
  PinnedLines<uint16_t> lines(4, 640 * 270);
  for (int r = 0; r < 4; ++r) lines.row(r)[0] = uint16_t(r);
  assert(lines.row(3)[0] == 3);
  std::puts("ok");
  return 0;
}
