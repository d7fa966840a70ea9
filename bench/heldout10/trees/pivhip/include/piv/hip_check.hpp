#pragma once
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <hip/hip_runtime.h>

namespace piv {

inline std::string hip_msg(hipError_t e, const char* file, int line) {
  return std::string(file) + ":" + std::to_string(line) + ": " + hipGetErrorString(e);
}

}  // namespace piv

// Throws std::runtime_error.
#define PIV_HIP(call)                                                        \
  do {                                                                       \
    hipError_t piv_e_ = (call);                                              \
    if (piv_e_ != hipSuccess) throw std::runtime_error(piv::hip_msg(piv_e_, __FILE__, __LINE__)); \
  } while (0)

// Logs and returns false from the enclosing function.
#define PIV_HIP_OR_RETURN(call)                                              \
  do {                                                                       \
    hipError_t piv_e_ = (call);                                              \
    if (piv_e_ != hipSuccess) {                                              \
      std::fprintf(stderr, "%s\n", piv::hip_msg(piv_e_, __FILE__, __LINE__).c_str()); \
      return false;                                                          \
    }                                                                        \
  } while (0)
