#include <cassert>

#include "dock/conformer_pool.hpp"
#include "dock/pinned.hpp"

int main() {
  dock::ConformerPool pool(2, 16);
  float* a = pool.acquire();
  float* b = pool.acquire();
  assert(a && b && a != b);
  assert(pool.acquire() == nullptr);
  pool.release(a);
  assert(pool.free_slots() == 1);
  dock::PinnedArray<int> small(8);
  small[7] = 3;
  assert(small.size() == 8);
  return 0;
}
