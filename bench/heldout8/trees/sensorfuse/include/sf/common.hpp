#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define SF_CHECK(expr)                                                        \
  do {                                                                        \
    cudaError_t e_ = (expr);                                                  \
    if (e_ != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      return false;                                                           \
    }                                                                         \
  } while (0)

#define SF_FATAL(cond, msg)                                                   \
  do {                                                                        \
    if (!(cond)) {                                                            \
      std::fprintf(stderr, "fatal: %s\n", msg);                               \
      std::abort();                                                           \
    }                                                                         \
  } while (0)

namespace sf {
struct Msg {
  int sensor_id;
  double stamp;
  const void* data;
  size_t n;
};
}  // namespace sf
