#include <gtest/gtest.h>

#include <cmath>

#include "../src/fft_plan.hpp"
#include "../src/hip_check.hpp"

TEST(FFTPlan, ConstantFieldHasOnlyDC) {
  const int n = 16;
  double* h = nullptr;
  HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&h), n * n * n * sizeof(double), hipHostMallocDefault));
  for (int i = 0; i < n * n * n; ++i) h[i] = 2.0;
  double* d = nullptr;
  HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&d), n * n * n * sizeof(double)));
  HIP_CHECK(hipMemcpy(d, h, n * n * n * sizeof(double), hipMemcpyHostToDevice));
  FFTPlan plan(n, n, n);
  plan.forward(d);
  EXPECT_NEAR(plan.dc(), 2.0 * n * n * n, 1e-6);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipHostFree(h));
}
