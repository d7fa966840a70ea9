// Normalised median test (Westerweel & Scarano) on the 3x3 neighbourhood of every vector.
#include "piv/hip_check.hpp"
#include "piv/stages.hpp"

namespace piv {

__global__ void median_test(const float* uv, uint8_t* flags, int nx, int ny, float thr) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nx * ny) return;
  const int x = i % nx, y = i / nx;
  float nu[8], nv[8];
  int k = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      if ((dx == 0 && dy == 0) || x + dx < 0 || x + dx >= nx || y + dy < 0 || y + dy >= ny) continue;
      const int j = (y + dy) * nx + x + dx;
      nu[k] = uv[2 * j];
      nv[k] = uv[2 * j + 1];
      ++k;
    }
  for (int a = 1; a < k; ++a)
    for (int b = a; b > 0 && nu[b - 1] > nu[b]; --b) {
      float t = nu[b]; nu[b] = nu[b - 1]; nu[b - 1] = t;
      t = nv[b]; nv[b] = nv[b - 1]; nv[b - 1] = t;
    }
  const float mu = k ? nu[k / 2] : 0.f, mv = k ? nv[k / 2] : 0.f;
  const float r = fabsf(uv[2 * i] - mu) + fabsf(uv[2 * i + 1] - mv);
  flags[i] = r / (fabsf(mu) + fabsf(mv) + 0.1f) > thr ? 0 : 1;
}

Validator::~Validator() {
  if (h_flags_ != nullptr) hipHostFree(h_flags_);
  hipFree(d_flags_);
  hipFree(d_uv_);
}

void Validator::run(VectorField& f, hipStream_t stream) {
  const std::size_t n = f.size();
  if (n > cap_) {
    if (h_flags_ != nullptr) hipHostFree(h_flags_);
    hipFree(d_flags_);
    hipFree(d_uv_);
    PIV_HIP(hipHostMalloc(reinterpret_cast<void**>(&h_flags_), n, hipHostMallocDefault));
    PIV_HIP(hipMalloc(&d_flags_, n));
    PIV_HIP(hipMalloc(&d_uv_, 2 * n * sizeof(float)));
    cap_ = n;
  }
  std::vector<float> uv(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    uv[2 * i] = f.u[i];
    uv[2 * i + 1] = f.v[i];
  }
  hipMemcpyAsync(d_uv_, uv.data(), uv.size() * sizeof(float), hipMemcpyHostToDevice, stream);
  median_test<<<(static_cast<int>(n) + 255) / 256, 256, 0, stream>>>(d_uv_, d_flags_, f.nx, f.ny, threshold_);
  hipMemcpyAsync(h_flags_, d_flags_, n, hipMemcpyDeviceToHost, stream);
  hipStreamSynchronize(stream);
  f.valid.assign(h_flags_, h_flags_ + n);
  for (std::size_t i = 0; i < n; ++i)
    if (!f.valid[i]) f.u[i] = f.v[i] = 0.f;
}

}  // namespace piv
