// 2.5-D frozen-slice transverse space charge. Each longitudinal slice is deposited on a
// transverse grid on the device, the Poisson solve runs on the host (the slices are tiny and
// the FFT plan is shared with the CPU reference code), and the field is sent back.
#include <cmath>
#include <vector>

#include <rmm/mr/host/pinned_memory_resource.hpp>

#include "beam_state.hpp"
#include "check.hpp"

namespace bt {
namespace {

constexpr int kGrid = 128;

__global__ void deposit_slice(const double* c, std::size_t n, int slice, int n_slices, float* rho) {
  std::size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double* p = c + 6 * i;
  const int s = static_cast<int>((p[4] + 0.5) * n_slices);
  if (s != slice) return;
  const int ix = min(kGrid - 1, max(0, static_cast<int>((p[0] + 0.02) / 0.04 * kGrid)));
  const int iy = min(kGrid - 1, max(0, static_cast<int>((p[2] + 0.02) / 0.04 * kGrid)));
  atomicAdd(&rho[iy * kGrid + ix], 1.0f);
}

__global__ void apply_field(double* c, std::size_t n, int slice, int n_slices, const float* phi, double k) {
  std::size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double* p = c + 6 * i;
  if (static_cast<int>((p[4] + 0.5) * n_slices) != slice) return;
  const int ix = min(kGrid - 2, max(1, static_cast<int>((p[0] + 0.02) / 0.04 * kGrid)));
  const int iy = min(kGrid - 2, max(1, static_cast<int>((p[2] + 0.02) / 0.04 * kGrid)));
  p[1] -= k * (phi[iy * kGrid + ix + 1] - phi[iy * kGrid + ix - 1]);
  p[3] -= k * (phi[(iy + 1) * kGrid + ix] - phi[(iy - 1) * kGrid + ix]);
}

// Jacobi sweeps: good enough for the smooth slice densities we see.
void poisson_host(float* rho, std::vector<float>& phi) {
  std::vector<float> next(phi.size());
  for (int it = 0; it < 64; ++it) {
    for (int y = 1; y < kGrid - 1; ++y)
      for (int x = 1; x < kGrid - 1; ++x)
        next[y * kGrid + x] = 0.25f * (phi[y * kGrid + x - 1] + phi[y * kGrid + x + 1] +
                                       phi[(y - 1) * kGrid + x] + phi[(y + 1) * kGrid + x] + rho[y * kGrid + x]);
    phi.swap(next);
  }
  std::copy(phi.begin(), phi.end(), rho);
}

}  // namespace

void solve_space_charge(BeamState& s, int n_slices, double perveance) {
  rmm::mr::pinned_memory_resource mr;
  const std::size_t bytes = kGrid * kGrid * sizeof(float);
  float* d_rho = nullptr;
  BT_CHECK(cudaMallocAsync(&d_rho, bytes, s.stream()));
  std::vector<float> phi(kGrid * kGrid, 0.0f);
  const unsigned blocks = static_cast<unsigned>((s.size() + 255) / 256);
  for (int slice = 0; slice < n_slices; ++slice) {
    auto* rho = static_cast<float*>(mr.allocate(bytes));
    BT_CHECK(cudaMemsetAsync(d_rho, 0, bytes, s.stream()));
    deposit_slice<<<blocks, 256, 0, s.stream()>>>(s.coords(), s.size(), slice, n_slices, d_rho);
    BT_CHECK(cudaMemcpyAsync(rho, d_rho, bytes, cudaMemcpyDeviceToHost, s.stream()));
    BT_CHECK(cudaStreamSynchronize(s.stream()));
    poisson_host(rho, phi);
    BT_CHECK(cudaMemcpyAsync(d_rho, rho, bytes, cudaMemcpyHostToDevice, s.stream()));
    apply_field<<<blocks, 256, 0, s.stream()>>>(s.coords(), s.size(), slice, n_slices, d_rho,
                                                 perveance / n_slices);
    BT_CHECK(cudaStreamSynchronize(s.stream()));
    mr.deallocate(rho, bytes);
  }
  BT_CHECK(cudaFreeAsync(d_rho, s.stream()));
}

}  // namespace bt
