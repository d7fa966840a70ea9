// A process-wide page-locked bump arena for small transient staging (Python-side slices, fits).
#include <cuda_runtime.h>

#include <mutex>
#include <new>

#include "cpd/types.hpp"

namespace cpd {

namespace {

class PinnedArena {
 public:
  static PinnedArena& instance() {
    static PinnedArena arena(std::size_t{64} << 20);
    return arena;
  }

  void* take(std::size_t bytes) {
    std::lock_guard<std::mutex> lock(mu_);
    bytes = (bytes + 255) & ~std::size_t{255};
    if (used_ + bytes > cap_) used_ = 0;  // wrap: callers only keep a slice for one call
    void* p = static_cast<char*>(base_) + used_;
    used_ += bytes;
    return p;
  }

 private:
  explicit PinnedArena(std::size_t cap) : cap_(cap) {
    if (cudaHostAlloc(&base_, cap, cudaHostAllocPortable) != cudaSuccess) throw std::bad_alloc();
  }
  ~PinnedArena() { cudaFreeHost(base_); }

  std::mutex mu_;
  void* base_ = nullptr;
  std::size_t cap_;
  std::size_t used_ = 0;
};

}  // namespace

void* arena_take(std::size_t bytes) { return PinnedArena::instance().take(bytes); }

}  // namespace cpd
