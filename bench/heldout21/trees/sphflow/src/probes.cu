#include "probes.cuh"

namespace sph {

__global__ void probe_pressure(const float* pos, const float* p, int n, float x, float y, float z,
                               float* out) {
  float acc = 0.f, w = 0.f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    float dx = pos[3 * i] - x, dy = pos[3 * i + 1] - y, dz = pos[3 * i + 2] - z;
    float r2 = dx * dx + dy * dy + dz * dz;
    if (r2 < 1e-4f) {
      acc += p[i];
      w += 1.f;
    }
  }
  atomicAdd(out, acc / fmaxf(w, 1.f));
}

std::vector<float> ProbeSet::sample(const Particles& ps, cudaStream_t s) {
  std::vector<float> out;
  for (const auto& x : where_) {
    float* h = nullptr;
    float* d = nullptr;
    cudaHostAlloc(reinterpret_cast<void**>(&h), sizeof(float), cudaHostAllocMapped);
    *h = 0.f;
    cudaHostGetDevicePointer(reinterpret_cast<void**>(&d), h, 0);
    probe_pressure<<<1, 256, 0, s>>>(ps.pos, ps.p, ps.n, x[0], x[1], x[2], d);
    cudaStreamSynchronize(s);
    out.push_back(*h);
    cudaFreeHost(h);
  }
  return out;
}

}  // namespace sph
