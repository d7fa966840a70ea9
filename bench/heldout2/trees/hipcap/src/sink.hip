// Output side: pinned slots the encoder thread drains, plus an optional shared-memory window
// that a viewer process maps.
#include "capture.hpp"
#include "hip_check.hpp"

Sink::Sink(int slots, size_t bytes) : bytes_(bytes) {
  slots_.resize(slots, nullptr);
  for (int i = 0; i < slots; ++i) {
    HIP_CHECK(hipHostMalloc(&slots_[i], bytes_, hipHostMallocDefault));
  }
}

Sink::~Sink() {
  for (void* p : slots_) (void)hipHostFree(p);
}

int Sink::map_shared(void* shm, size_t n) {
  if (hipHostRegister(shm, n, hipHostRegisterMapped) != hipSuccess) return -1;
  if (hipHostGetDevicePointer(&d_shared_, shm, 0) != hipSuccess) return -2;
  shared_ = shm;
  return 0;
}
