#pragma once
#include <cstdio>
#include <cstdlib>
#include <string>

#include <cuda_runtime.h>

namespace bt {

// Last error seen by a BT_TRY, reported to Python through _bt.last_error().
inline std::string& last_error() {
  static std::string msg;
  return msg;
}

}  // namespace bt

// Fatal: configuration-time and tracking-kernel failures cannot be recovered from.
#define BT_CHECK(call)                                                              \
  do {                                                                              \
    cudaError_t e_ = (call);                                                        \
    if (e_ != cudaSuccess) {                                                        \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      std::abort();                                                                 \
    }                                                                               \
  } while (0)

// Soft: used by the output writers, which report failures to the caller.
#define BT_TRY(call)                                       \
  do {                                                     \
    cudaError_t e_ = (call);                               \
    if (e_ != cudaSuccess) {                               \
      ::bt::last_error() = cudaGetErrorString(e_);         \
      return -1;                                           \
    }                                                      \
  } while (0)
