#include <gtest/gtest.h>

#include "../src/readback.hpp"

TEST(PinnedReadback, RoundTrip) {
  PinnedReadback rb(8, 4, 4);
  float* d = nullptr;
  CUDA_OK(cudaMalloc(&d, rb.bytes()));
  CUDA_OK(cudaMemset(d, 0, rb.bytes()));
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));
  rb.read_from(d, s);
  EXPECT_EQ(rb.data()[0], 0.f);
  cudaStreamDestroy(s);
  cudaFree(d);
}
