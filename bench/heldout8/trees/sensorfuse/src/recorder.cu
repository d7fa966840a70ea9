#include <cstring>
#include <rmm/mr/pinned_host_memory_resource.hpp>

#include "recorder.hpp"
#include "tracker.hpp"

namespace sf {

void Recorder::dump_frame(const void* tracks, size_t n) {
  rmm::mr::pinned_host_memory_resource mr;
  const size_t bytes = n * sizeof(Track) + 16;
  void* p = mr.allocate(bytes);
  std::memcpy(p, &n, sizeof(n));
  std::memcpy(static_cast<char*>(p) + 16, tracks, n * sizeof(Track));
  if (fp_) std::fwrite(p, 1, bytes, fp_);
  mr.deallocate(p, bytes);
}

}  // namespace sf
