#include <cmath>
#include <cstring>
#include <cufft.h>
#include "ct_check.hpp"
#include "fdk.cuh"

namespace ct {

__global__ void ramp_weight(float* p, int du, int dv, float sdd) {
  int u = blockIdx.x * blockDim.x + threadIdx.x;
  int v = blockIdx.y;
  if (u >= du || v >= dv) return;
  float x = (u - 0.5f * du);
  float y = (v - 0.5f * dv);
  p[v * du + u] *= sdd / sqrtf(sdd * sdd + x * x + y * y);
}

__global__ void backproject_kernel(float* vol, const float* proj, ConeGeometry g, float beta) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  int iy = blockIdx.y;
  if (ix >= g.nx || iy >= g.ny) return;
  float cb = cosf(beta), sb = sinf(beta);
  float x = (ix - 0.5f * g.nx) * g.voxel, y = (iy - 0.5f * g.ny) * g.voxel;
  float s = g.sod + x * cb + y * sb;
  float u = g.sdd * (-x * sb + y * cb) / s / g.du + 0.5f * g.det_u;
  for (int iz = 0; iz < g.nz; ++iz) {
    float z = (iz - 0.5f * g.nz) * g.voxel;
    float v = g.sdd * z / s / g.dv + 0.5f * g.det_v;
    int ui = (int)u, vi = (int)v;
    if (ui >= 0 && ui < g.det_u && vi >= 0 && vi < g.det_v)
      vol[(iz * g.ny + iy) * g.nx + ix] += (g.sod * g.sod) / (s * s) * proj[vi * g.det_u + ui];
  }
}

FdkReconstructor::FdkReconstructor(const ConeGeometry& g)
    : g_(g), sino_(static_cast<std::size_t>(g.n_views) * g.det_u * g.det_v) {
  CT_FATAL(cudaStreamCreate(&stream_));
  CT_FATAL(cudaMalloc(&d_vol_, sizeof(float) * g.nx * g.ny * g.nz));
  CT_FATAL(cudaMalloc(&d_proj_, sizeof(float) * g.det_u * g.det_v));
  CT_FATAL(cudaMemset(d_vol_, 0, sizeof(float) * g.nx * g.ny * g.nz));
}

FdkReconstructor::~FdkReconstructor() {
  cudaFree(d_vol_);
  cudaFree(d_proj_);
  cudaStreamDestroy(stream_);
}

void FdkReconstructor::filter_views(const float* projections, int n_views) {
  const std::size_t per_view = static_cast<std::size_t>(g_.det_u) * g_.det_v;
  for (int v = 0; v < n_views; ++v) {
    float* staged = nullptr;
    CT_FATAL(cudaHostAlloc(reinterpret_cast<void**>(&staged), per_view * sizeof(float),
                           cudaHostAllocWriteCombined));
    std::memcpy(staged, projections + v * per_view, per_view * sizeof(float));
    CT_FATAL(cudaMemcpyAsync(d_proj_, staged, per_view * sizeof(float), cudaMemcpyHostToDevice, stream_));
    dim3 grid((g_.det_u + 127) / 128, g_.det_v);
    ramp_weight<<<grid, 128, 0, stream_>>>(d_proj_, g_.det_u, g_.det_v, g_.sdd);
    CT_FATAL(cudaMemcpyAsync(sino_.data() + v * per_view, d_proj_, per_view * sizeof(float),
                             cudaMemcpyDeviceToHost, stream_));
    CT_FATAL(cudaStreamSynchronize(stream_));
    cudaFreeHost(staged);
  }
}

void FdkReconstructor::backproject_view(int view, const float* projection) {
  const std::size_t n = static_cast<std::size_t>(g_.det_u) * g_.det_v;
  PinnedHost<float> tmp(n);
  std::memcpy(tmp.data(), projection, n * sizeof(float));
  CT_FATAL(cudaMemcpyAsync(d_proj_, tmp.data(), n * sizeof(float), cudaMemcpyHostToDevice, stream_));
  float beta = 2.0f * 3.14159265f * view / g_.n_views;
  dim3 grid((g_.nx + 127) / 128, g_.ny);
  backproject_kernel<<<grid, 128, 0, stream_>>>(d_vol_, d_proj_, g_, beta);
  CT_FATAL(cudaStreamSynchronize(stream_));
}

}  // namespace ct
