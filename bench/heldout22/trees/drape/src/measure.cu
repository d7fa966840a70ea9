// Fit measurements: how far the draped garment sits from the scan's landmarks.
#include <drape/measure.hpp>

#include <cfloat>

namespace drape {

namespace {

__global__ void landmark_gap(const float* x, int n, Landmark lm, float* out) {
  __shared__ float best[256];
  float b = FLT_MAX;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    const float dx = x[3 * i] - lm.x, dy = x[3 * i + 1] - lm.y, dz = x[3 * i + 2] - lm.z;
    b = fminf(b, sqrtf(dx * dx + dy * dy + dz * dz));
  }
  best[threadIdx.x] = b;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) best[threadIdx.x] = fminf(best[threadIdx.x], best[threadIdx.x + s]);
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    out[0] = best[0] - lm.radius;
    out[1] = best[0];
  }
}

}  // namespace

std::vector<float> Measure::fit_report(const Solver& s, const std::vector<Landmark>& landmarks) const {
  std::vector<float> gaps;
  gaps.reserve(landmarks.size());
  for (const Landmark& lm : landmarks) {
    float* probe = nullptr;
    float* probe_d = nullptr;
    cuda_check(cudaHostAlloc(reinterpret_cast<void**>(&probe), 2 * sizeof(float), cudaHostAllocMapped), "probe");
    cudaHostGetDevicePointer(reinterpret_cast<void**>(&probe_d), probe, 0);
    landmark_gap<<<1, 256, 0, s.stream()>>>(s.positions(), s.n_verts(), lm, probe_d);
    cudaStreamSynchronize(s.stream());
    gaps.push_back(probe[0]);
    cudaFreeHost(probe);
  }
  return gaps;
}

}  // namespace drape
