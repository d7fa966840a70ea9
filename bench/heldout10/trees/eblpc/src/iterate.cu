// Iterative dose correction: D <- D * target / (PSF * D), with the residual tracked on the host.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include "ebl/check.hpp"
#include "ebl/tile_engine.hpp"

namespace ebl {

namespace {
__global__ void update_dose(float* dose, const float* exposure, float target, float* residual, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (dose[i] <= 0.f) {
    residual[i] = 0.f;
    return;
  }
  const float e = fmaxf(exposure[i], 1e-6f);
  residual[i] = fabsf(e - target);
  dose[i] = fminf(dose[i] * target / e, 4.f);
}
}  // namespace

void dose_iterations(PsfKernel& psf, TileState& st, int n_iter) {
  const int n = st.grid * st.grid;
  float* d_res = nullptr;
  EBL_CUDA(cudaMallocAsync(&d_res, n * sizeof(float), st.stream));
  for (int it = 0; it < n_iter; ++it) {
    psf.convolve(st.d_dose, st.d_exposure, st.stream);
    update_dose<<<(n + 255) / 256, 256, 0, st.stream>>>(st.d_dose, st.d_exposure, 0.5f, d_res, n);
    pinned_vec<float> residual(n);
    EBL_CUDA(cudaMemcpyAsync(residual.data(), d_res, n * sizeof(float), cudaMemcpyDeviceToHost, st.stream));
    EBL_CUDA(cudaStreamSynchronize(st.stream));
    const float worst = *std::max_element(residual.begin(), residual.end());
    if (worst < 1e-3f) break;
  }
  cudaFreeAsync(d_res, st.stream);
}

}  // namespace ebl
