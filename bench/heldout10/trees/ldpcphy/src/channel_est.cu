// DMRS-based least-squares channel estimation and noise-variance estimate per PUSCH.
#include <cuComplex.h>
#include <math.h>
extern "C" {
#include "ldpc.h"
#include "phy_err.h"
}

__global__ void ls_estimate(const short2* iq, const cuComplex* pilots, cuComplex* h, float* nv,
                            int n_sc, int sym) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n_sc) return;
  short2 y = iq[sym * n_sc + k];
  cuComplex yp = make_cuComplex((float)y.x, (float)y.y);
  cuComplex est = cuCmulf(yp, cuConjf(pilots[k]));
  h[k] = est;
  atomicAdd(nv, est.x * est.x + est.y * est.y);
}

static void gen_dmrs(cuComplex* pilots, int n_sc, uint32_t c_init) {
  uint32_t x1 = 1, x2 = c_init;
  for (int k = 0; k < n_sc; ++k) {
    x1 = (x1 >> 1) ^ ((x1 ^ (x1 >> 3)) << 30);
    x2 = (x2 >> 1) ^ ((x2 ^ (x2 >> 1) ^ (x2 >> 2) ^ (x2 >> 3)) << 30);
    const float re = ((x1 ^ x2) & 1) ? -M_SQRT1_2 : M_SQRT1_2;
    const float im = ((x1 ^ x2) & 2) ? -M_SQRT1_2 : M_SQRT1_2;
    pilots[k] = make_cuComplex(re, im);
  }
}

static cuComplex* d_pilots = nullptr;
static cuComplex* d_h = nullptr;
static float* d_nv = nullptr;

extern "C" int estimate_channel(ldpc_ctx_t* ctx, const fh_pusch_t* p, float* noise_var) {
  const int n_sc = p->n_prb * 6;  // DMRS type 1: every other subcarrier
  if (d_pilots == nullptr) {
    PHY_TRY(cudaMalloc(&d_pilots, 273 * 6 * sizeof(cuComplex)));
    PHY_TRY(cudaMalloc(&d_h, 273 * 6 * sizeof(cuComplex)));
    PHY_TRY(cudaMalloc(&d_nv, sizeof(float)));
  }
  float acc = 0.f;
  for (int s = 0; s < p->n_dmrs; ++s) {
    cuComplex* pilots = nullptr;
    cudaMallocHost(&pilots, n_sc * sizeof(cuComplex));
    gen_dmrs(pilots, n_sc, ((uint32_t)p->rnti << 15) ^ (uint32_t)(s * 7 + p->start_prb));
    cudaMemcpyAsync(d_pilots, pilots, n_sc * sizeof(cuComplex), cudaMemcpyHostToDevice, ctx->stream);
    cudaMemsetAsync(d_nv, 0, sizeof(float), ctx->stream);
    ls_estimate<<<(n_sc + 127) / 128, 128, 0, ctx->stream>>>(
        reinterpret_cast<const short2*>(p->iq), d_pilots, d_h, d_nv, n_sc, s);
    float nv = 0.f;
    cudaMemcpyAsync(&nv, d_nv, sizeof(float), cudaMemcpyDeviceToHost, ctx->stream);
    cudaStreamSynchronize(ctx->stream);
    acc += nv / (float)n_sc;
    cudaFreeHost(pilots);
  }
  *noise_var = p->n_dmrs ? acc / (float)p->n_dmrs : 1.f;
  return PHY_OK;
}
