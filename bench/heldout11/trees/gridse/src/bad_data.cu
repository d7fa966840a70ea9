#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include <rmm/mr/host/pinned_memory_resource.hpp>

#include "context.h"
#include "error.h"

// Largest-normalised-residual test on the residuals of the last estimate.
extern "C" int se_bad_data(se_context* ctx, float threshold, int* flagged, int max_flagged) {
  const size_t n = ctx->residuals.size();
  if (n == 0) return 0;
  rmm::mr::pinned_memory_resource host_mr;
  auto* normed = static_cast<float*>(host_mr.allocate(n * sizeof(float)));
  float mean = std::accumulate(ctx->residuals.begin(), ctx->residuals.end(), 0.f) / float(n);
  float var = 0.f;
  for (float r : ctx->residuals) var += (r - mean) * (r - mean);
  float sd = std::sqrt(var / float(n)) + 1e-12f;
  for (size_t i = 0; i < n; ++i) normed[i] = std::fabs(ctx->residuals[i] - mean) / sd;
  int count = 0;
  for (size_t i = 0; i < n && count < max_flagged; ++i)
    if (normed[i] > threshold) flagged[count++] = int(i);
  host_mr.deallocate(normed, n * sizeof(float));
  return count;
}
