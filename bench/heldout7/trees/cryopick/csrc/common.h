#pragma once
#include <cuda_runtime.h>
#include <stdexcept>
#include <string>

#define CRYO_CHECK(expr)                                                              \
    do {                                                                              \
        cudaError_t err_ = (expr);                                                    \
        if (err_ != cudaSuccess)                                                      \
            throw std::runtime_error(std::string(#expr ": ") + cudaGetErrorString(err_)); \
    } while (0)
