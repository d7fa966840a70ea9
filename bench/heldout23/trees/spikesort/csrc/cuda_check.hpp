#pragma once
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

// Throws a std::runtime_error carrying the failing expression; pybind11 turns it into a
// Python RuntimeError.
#define SS_CUDA(expr)                                                                       \
  do {                                                                                      \
    cudaError_t err_ = (expr);                                                              \
    if (err_ != cudaSuccess)                                                                \
      throw std::runtime_error(std::string(#expr) + ": " + cudaGetErrorString(err_));      \
  } while (0)
