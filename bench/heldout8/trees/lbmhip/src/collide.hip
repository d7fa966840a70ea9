#include "lbm/check.hpp"
#include "lbm/lattice.hpp"

namespace lbm {

__global__ void bgk(double* f, double* ft, int n, double omega) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double rho = 0.0;
  for (int q = 0; q < 9; ++q) rho += f[q * n + i];
  for (int q = 0; q < 9; ++q) ft[q * n + i] = f[q * n + i] - omega * (f[q * n + i] - rho / 9.0);
}

void Lattice::init_moments(int step) {
  const int n = p_.nx * p_.ny;
  double* rho = nullptr;
  (void)hipHostMalloc(reinterpret_cast<void**>(&rho), sizeof(double) * n, hipHostMallocDefault);
  for (int i = 0; i < n; ++i) rho[i] = 1.0 + 1e-3 * ((i + step) % 7);
  (void)hipMemcpy(f_, rho, sizeof(double) * n, hipMemcpyHostToDevice);
  (void)hipHostFree(rho);
}

void Lattice::collide_stream(int step) {
  const int n = p_.nx * p_.ny;
  init_moments(step);
  bgk<<<(n + 255) / 256, 256>>>(f_, f_tmp_, n, 1.0 / p_.tau);
  std::swap(f_, f_tmp_);
}

}  // namespace lbm
