#pragma once
#include <cuda.h>
#include <stdexcept>
#include <string>

namespace gz {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

#define CU_TRY(expr)                                                      \
  do {                                                                    \
    CUresult r_ = (expr);                                                 \
    if (r_ != CUDA_SUCCESS) throw ::gz::Error(std::string(#expr) + " failed: " + std::to_string(r_)); \
  } while (0)

class HostRegistration {
 public:
  HostRegistration(void* p, size_t n) : p_(p) {
    CU_TRY(cuMemHostRegister(p, n, CU_MEMHOSTREGISTER_READ_ONLY));
  }
  ~HostRegistration() { cuMemHostUnregister(p_); }
  HostRegistration(const HostRegistration&) = delete;
  HostRegistration& operator=(const HostRegistration&) = delete;

 private:
  void* p_;
};

}  // namespace gz

struct gz_context {
  CUcontext cu;
  CUstream stream;
  CUdeviceptr d_in, d_out;
  void* staging;
  size_t max_chunk;
};
