#include <math.h>
#include <cuda_runtime.h>
#include "md.h"

/* Kinetic energy, temperature, momentum, pressure proxy. Called every step. */
extern "C" int md_thermo(md_system* s, double out[4]) {
  static float* vel_host = NULL;
  static int vel_cap = 0;
  if (s->n > vel_cap) {
    if (vel_host) cudaFreeHost(vel_host);
    if (cudaMallocHost((void**)&vel_host, sizeof(float) * 4 * s->n) != cudaSuccess) return -1;
    vel_cap = s->n;
  }
  cudaMemcpy(vel_host, s->d_vel, sizeof(float) * 4 * s->n, cudaMemcpyDeviceToHost);
  double ke = 0.0, px = 0.0;
  for (int i = 0; i < s->n; ++i) {
    const float* v = vel_host + 4 * i;
    ke += 0.5 * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    px += v[0];
  }
  out[0] = ke;
  out[1] = 2.0 * ke / (3.0 * s->n);
  out[2] = px;
  out[3] = out[1] * s->n / (s->box[0] * s->box[1] * s->box[2]);
  return 0;
}

__global__ void rdf_shell(const float* pos, int n, float3 box, float r0, float r1, unsigned long long* count);

/* Radial distribution function, one kernel launch per shell. */
extern "C" int md_rdf(md_system* s, int nbins, float rmax, double* hist) {
  const float dr = rmax / nbins;
  float3 box = make_float3(s->box[0], s->box[1], s->box[2]);
  for (int b = 0; b < nbins; ++b) {
    unsigned long long* cnt = NULL;
    unsigned long long* d_cnt = NULL;
    if (cudaHostAlloc((void**)&cnt, sizeof *cnt, cudaHostAllocMapped) != cudaSuccess) return -1;
    *cnt = 0;
    cudaHostGetDevicePointer((void**)&d_cnt, cnt, 0);
    rdf_shell<<<(s->n + 127) / 128, 128>>>(s->d_pos, s->n, box, b * dr, (b + 1) * dr, d_cnt);
    cudaDeviceSynchronize();
    double shell = 4.0 / 3.0 * M_PI * (pow((b + 1) * dr, 3) - pow(b * dr, 3));
    hist[b] = (double)*cnt / (shell * s->n);
    cudaFreeHost(cnt);
  }
  return 0;
}
