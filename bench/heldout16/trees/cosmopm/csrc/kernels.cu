extern "C" __global__ void cic_deposit(const float* pos, long long n, int ng, float cell, float* rho) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = pos[3 * i] / cell, y = pos[3 * i + 1] / cell, z = pos[3 * i + 2] / cell;
  int ix = (int)floorf(x), iy = (int)floorf(y), iz = (int)floorf(z);
  float dx = x - ix, dy = y - iy, dz = z - iz;
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 2; ++b)
      for (int c = 0; c < 2; ++c) {
        float w = (a ? dx : 1 - dx) * (b ? dy : 1 - dy) * (c ? dz : 1 - dz);
        int gx = (ix + a) % ng, gy = (iy + b) % ng, gz = (iz + c) % ng;
        atomicAdd(&rho[((long long)gx * ng + gy) * ng + gz], w);
      }
}

extern "C" __global__ void kick_drift(float* pos, float* vel, const float* acc, long long n, float kick, float drift,
                                      float box) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i >= 3 * n) return;
  vel[i] += kick * acc[i];
  float p = pos[i] + drift * vel[i];
  pos[i] = p - box * floorf(p / box);
}

extern "C" __global__ void shell_average(const float* rho, int ng, int n_bins, double* pk, double* counts) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i >= (long long)ng * ng * ng) return;
  int x = i / (ng * ng), y = (i / ng) % ng, z = i % ng;
  x = x <= ng / 2 ? x : x - ng;
  y = y <= ng / 2 ? y : y - ng;
  z = z <= ng / 2 ? z : z - ng;
  int b = (int)(sqrtf((float)(x * x + y * y + z * z)) * n_bins / (ng / 2));
  if (b <= 0 || b >= n_bins) return;
  atomicAdd(&pk[b], (double)rho[i] * rho[i]);
  atomicAdd(&counts[b], 1.0);
}
