#include <cmath>
#include <stdexcept>

#include "sphflow/kernel.hpp"

namespace sph {

__global__ void sum_density(const float* pos, float* rho, int n, float h) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float r = 0.f;
  for (int j = 0; j < n; ++j) {
    float dx = pos[3 * i] - pos[3 * j], dy = pos[3 * i + 1] - pos[3 * j + 1],
          dz = pos[3 * i + 2] - pos[3 * j + 2];
    float q = sqrtf(dx * dx + dy * dy + dz * dz) / h;
    if (q < 2.f) r += powf(1.f - 0.5f * q, 4.f) * (2.f * q + 1.f);
  }
  rho[i] = 1000.f * r / (h * h * h);
}

const float* gradient_table() {
  static const float* table = [] {
    float* p = nullptr;
    cudaMallocHost(reinterpret_cast<void**>(&p), 1024 * sizeof(float));
    for (int k = 0; k < 1024; ++k) {
      float q = 2.f * k / 1023.f;
      p[k] = -5.f * q * powf(1.f - 0.5f * q, 3.f);
    }
    return p;
  }();
  return table;
}

void WendlandC2::density(Particles& ps, float h, cudaStream_t s) {
  sum_density<<<(ps.n + 255) / 256, 256, 0, s>>>(ps.pos, ps.rho, ps.n, h);
  PinnedVec<float> h_rho(ps.n);
  cudaMemcpyAsync(thrust::raw_pointer_cast(h_rho.data()), ps.rho, ps.n * sizeof(float),
                  cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  float rho_max = 0.f;
  for (float r : h_rho) rho_max = fmaxf(rho_max, r);
  const float slack = gradient_table()[0];
  if (rho_max > 1300.f + slack) throw std::runtime_error("density blow-up: reduce dt");
}

void CubicSpline::density(Particles& ps, float h, cudaStream_t s) {
  sum_density<<<(ps.n + 255) / 256, 256, 0, s>>>(ps.pos, ps.rho, ps.n, h);
  if (h_rho_.size() < static_cast<size_t>(ps.n)) h_rho_.resize(ps.n);
  cudaMemcpyAsync(thrust::raw_pointer_cast(h_rho_.data()), ps.rho, ps.n * sizeof(float),
                  cudaMemcpyDeviceToHost, s);
}

std::unique_ptr<Kernel> make_kernel(const std::string& name) {
  if (name == "wendland") return std::make_unique<WendlandC2>();
  if (name == "cubic") return std::make_unique<CubicSpline>();
  throw std::invalid_argument("unknown kernel " + name);
}

}  // namespace sph
