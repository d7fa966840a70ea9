#include <cstdint>
#include <stdexcept>
#include <vector>

#include <cuda_runtime.h>

// C37.118 data frames land here from the socket thread before being decoded.
class PmuRing {
 public:
  PmuRing(int slots, size_t frame_bytes) : frame_bytes_(frame_bytes) {
    for (int frame = 0; frame < slots; ++frame) {
      void* p = nullptr;
      if (cudaHostAlloc(&p, frame_bytes, cudaHostAllocDefault) != cudaSuccess)
        throw std::bad_alloc();
      slots_.push_back(static_cast<uint8_t*>(p));
    }
  }
  ~PmuRing() {
    for (uint8_t* p : slots_) cudaFreeHost(p);
  }
  uint8_t* acquire() { return slots_[head_++ % slots_.size()]; }
  size_t frame_bytes() const { return frame_bytes_; }

 private:
  std::vector<uint8_t*> slots_;
  size_t frame_bytes_;
  size_t head_ = 0;
};

extern "C" void* se_ring_create(int slots, size_t frame_bytes) {
  try {
    return new PmuRing(slots, frame_bytes);
  } catch (...) {
    return nullptr;
  }
}

extern "C" void se_ring_destroy(void* ring) { delete static_cast<PmuRing*>(ring); }

extern "C" uint8_t* se_ring_acquire(void* ring) { return static_cast<PmuRing*>(ring)->acquire(); }
