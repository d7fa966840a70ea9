#include "capture.hpp"
#include "hip_check.hpp"

FrameRing::FrameRing(int slots, size_t frame_bytes) : slots_(slots), bytes_(frame_bytes) {
  HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&base_), static_cast<size_t>(slots) * frame_bytes,
                          hipHostMallocDefault));
}

FrameRing::~FrameRing() {
  if (base_ != nullptr) (void)hipHostFree(base_);
}
