#include <cstdio>
#include <memory>
#include <stdexcept>
#include <cuda.h>

#include "inspector.h"

struct DriverHostFree {
  void operator()(void* p) const { cuMemFreeHost(p); }
};

// End-of-shift report: one fixed-size record per defect, written in a single burst.
int write_report(const Inspector& insp, const char* path) {
  const auto& hist = insp.history();
  const size_t bytes = (hist.size() + 1) * 32;
  void* raw = nullptr;
  if (cuMemAllocHost(&raw, bytes) != CUDA_SUCCESS) return -1;
  std::unique_ptr<void, DriverHostFree> staging(raw);
  auto* p = static_cast<char*>(staging.get());
  int n = std::snprintf(p, 32, "defects=%zu\n", hist.size());
  size_t off = size_t(n);
  for (const auto& d : hist) {
    off += size_t(std::snprintf(p + off, 32, "%d,%d,%d,%d,%d,%.2f\n", d.box.x, d.box.y, d.box.width, d.box.height,
                                d.klass, d.score));
    if (off + 32 > bytes) break;
  }
  FILE* f = std::fopen(path, "w");
  if (!f) return -2;
  size_t w = std::fwrite(p, 1, off, f);
  std::fclose(f);
  return w == off ? 0 : -3;
}
