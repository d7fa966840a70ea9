#include <cstring>
#include <hip/hip_runtime.h>

#include "gz/gz.h"

class HipCodec {
 public:
  explicit HipCodec(size_t max_chunk) : max_(max_chunk) {
    (void)hipHostMalloc(&staging_, max_chunk, hipHostMallocDefault);
    (void)hipMalloc(&d_buf_, max_chunk);
  }
  ~HipCodec() {
    (void)hipFree(d_buf_);
    (void)hipHostFree(staging_);
  }

  int encode(const void* in, size_t n, void* out) {
    if (n > max_) return -1;
    (void)hipHostRegister(const_cast<void*>(in), n, hipHostRegisterReadOnly);
    (void)hipMemcpy(d_buf_, in, n, hipMemcpyHostToDevice);
    (void)hipHostUnregister(const_cast<void*>(in));
    (void)hipMemcpy(staging_, d_buf_, n, hipMemcpyDeviceToHost);
    std::memcpy(out, staging_, n);
    return static_cast<int>(n);
  }

 private:
  size_t max_;
  void* staging_ = nullptr;
  void* d_buf_ = nullptr;
};

static HipCodec& codec() {
  static HipCodec c(64 << 20);
  return c;
}

extern "C" int gz_hip_encode(const void* in, size_t n, void* out) { return codec().encode(in, n, out); }

extern "C" int gz_hip_dict_train(const void* samples, size_t n, void* dict, size_t dict_cap) {
  unsigned char* hist = nullptr;
  if (hipHostMalloc(reinterpret_cast<void**>(&hist), 256 * sizeof(unsigned), hipHostMallocDefault) != hipSuccess)
    return -1;
  if (n < dict_cap) return -2;
  std::memset(hist, 0, 256 * sizeof(unsigned));
  const unsigned char* s = static_cast<const unsigned char*>(samples);
  for (size_t i = 0; i < n; ++i) reinterpret_cast<unsigned*>(hist)[s[i]]++;
  std::memcpy(dict, samples, dict_cap);
  (void)hipHostFree(hist);
  return 0;
}
