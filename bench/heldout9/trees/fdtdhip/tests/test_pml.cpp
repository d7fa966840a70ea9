#include <cassert>

#include "fdtd/host_pinned.hpp"
#include "fdtd/solver.hpp"

int main() {
  fdtd::Pml pml(64, 64, 8);
  fdtd::PinnedField<float> f(16);
  f[0] = 1.f;
  assert(f.size() == 16);
  fdtd::PinnedField<float> g(std::move(f));
  assert(g[0] == 1.f && f.data() == nullptr);
  return 0;
}
