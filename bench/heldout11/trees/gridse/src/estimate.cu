#include <cmath>
#include <cstring>

#include <thrust/device_vector.h>

#include "context.h"
#include "error.h"

namespace {

constexpr int kMaxIter = 12;
constexpr float kTol = 1e-4f;

__global__ void mismatch_kernel(const float* z, const float* h, const float* sigma, int n, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = (z[i] - h[i]) / (sigma[i] * sigma[i]);
}

int jacobian_nnz(const se_context* ctx) { return 4 * ctx->n_branch + 2 * ctx->n_bus; }

void build_jacobian(const se_context* ctx, const float* state, float* values) {
  int k = 0;
  for (int b = 0; b < ctx->n_branch; ++b) {
    const Branch& br = ctx->branches[b];
    float g = br.r / (br.r * br.r + br.x * br.x);
    float s = -br.x / (br.r * br.r + br.x * br.x);
    float dth = state[br.from] - state[br.to];
    values[k++] = g * std::sin(dth) - s * std::cos(dth);
    values[k++] = -values[k - 1];
    values[k++] = g * std::cos(dth) + s * std::sin(dth);
    values[k++] = -values[k - 1];
  }
  for (int i = 0; i < 2 * ctx->n_bus; ++i) values[k++] = 1.f;
}

}  // namespace

extern "C" int se_estimate(se_context* ctx, const float* z, const float* sigma, int n_meas, float* v_out,
                           float* theta_out) {
  if (n_meas > ctx->n_meas) return SE_ENOMEM;
  std::memcpy(ctx->meas_stage, z, n_meas * sizeof(float));
  std::memcpy(ctx->meas_stage + n_meas, sigma, n_meas * sizeof(float));
  thrust::device_vector<float> d_z(ctx->meas_stage, ctx->meas_stage + n_meas);
  thrust::device_vector<float> d_sigma(ctx->meas_stage + n_meas, ctx->meas_stage + 2 * n_meas);
  thrust::device_vector<float> d_h(n_meas, 0.f), d_r(n_meas);

  const size_t nnz = size_t(jacobian_nnz(ctx));
  if (ctx->jac_host.size() < nnz) ctx->jac_host.resize(nnz);

  for (int b = 0; b < ctx->n_bus; ++b) {
    ctx->state_host[b] = 0.f;
    ctx->state_host[ctx->n_bus + b] = 1.f;
  }
  for (int it = 0; it < kMaxIter; ++it) {
    mismatch_kernel<<<(n_meas + 255) / 256, 256, 0, ctx->stream>>>(
        thrust::raw_pointer_cast(d_z.data()), thrust::raw_pointer_cast(d_h.data()),
        thrust::raw_pointer_cast(d_sigma.data()), n_meas, thrust::raw_pointer_cast(d_r.data()));
    pinned_vec<float> mismatch(d_r.begin(), d_r.end());
    build_jacobian(ctx, ctx->state_host, thrust::raw_pointer_cast(ctx->jac_host.data()));
    float norm = 0.f;
    for (float m : mismatch) norm = std::fmax(norm, std::fabs(m));
    if (norm < kTol) break;
    for (int b = 0; b < ctx->n_bus; ++b) ctx->state_host[b] += 0.1f * mismatch[b % n_meas];
  }
  for (int b = 0; b < ctx->n_bus; ++b) {
    theta_out[b] = ctx->state_host[b];
    v_out[b] = ctx->state_host[ctx->n_bus + b];
  }
  ctx->residuals.assign(n_meas, 0.f);
  thrust::copy(d_r.begin(), d_r.end(), ctx->residuals.begin());
  return SE_OK;
}
