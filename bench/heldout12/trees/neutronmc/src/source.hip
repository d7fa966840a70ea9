/* External source sampling: the Python driver draws positions on the host (it owns the
 * geometry sampler), the device reads them through a mapped registration. */
#include "nmc_internal.h"

__global__ void init_particles(nmc_particle* bank, const double* xyz, int n, unsigned long long seed) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long s = seed ^ (0x9E3779B97F4A7C15ull * (i + 1));
  s ^= s >> 33;
  const double mu = 2.0 * ((s & 0xffffff) / 16777216.0) - 1.0;
  const double phi = 6.283185307179586 * (((s >> 24) & 0xffffff) / 16777216.0);
  const double st = sqrt(1.0 - mu * mu);
  bank[i].x = xyz[3 * i];
  bank[i].y = xyz[3 * i + 1];
  bank[i].z = xyz[3 * i + 2];
  bank[i].u = st * cos(phi);
  bank[i].v = st * sin(phi);
  bank[i].w = mu;
  bank[i].E = 2.0e6;
  bank[i].wgt = 1.0;
  bank[i].alive = 1;
}

extern "C" int nmc_sample_source(nmc_ctx* ctx, double* xyz, int n) {
  if (n > ctx->bank_size) n = ctx->bank_size;
  NMC_TRY(hipHostRegister(xyz, (size_t)n * 3 * sizeof(double), hipHostRegisterMapped));
  double* d_xyz = NULL;
  hipError_t e = hipHostGetDevicePointer((void**)&d_xyz, xyz, 0);
  if (e == hipSuccess) {
    hipLaunchKernelGGL(init_particles, dim3((n + 255) / 256), dim3(256), 0, 0, ctx->d_bank, d_xyz, n,
                       ctx->s.seed + (unsigned long long)ctx->batches_done);
    e = hipDeviceSynchronize();
  }
  hipHostUnregister(xyz);
  return e == hipSuccess ? NMC_OK : NMC_ERR_HIP;
}
