// Double-Gaussian proximity function, convolved in the Fourier domain.
#include <cmath>
#include "ebl/check.hpp"
#include "ebl/tile_engine.hpp"

namespace ebl {

namespace {
__global__ void spectral_multiply(cufftComplex* a, const cufftComplex* k, int n, float scale) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const cufftComplex x = a[i], y = k[i];
  a[i] = make_float2((x.x * y.x - x.y * y.y) * scale, (x.x * y.y + x.y * y.x) * scale);
}
}  // namespace

PsfKernel::PsfKernel(const PecConfig& cfg) : n_(cfg.grid), spectrum_host_(static_cast<size_t>(cfg.grid) * (cfg.grid / 2 + 1)) {
  const int nf = n_ / 2 + 1;
  const float a2 = cfg.alpha_nm * cfg.alpha_nm, b2 = cfg.beta_nm * cfg.beta_nm;
  for (int ky = 0; ky < n_; ++ky)
    for (int kx = 0; kx < nf; ++kx) {
      const float fy = static_cast<float>(ky <= n_ / 2 ? ky : ky - n_) / (n_ * cfg.pixel_nm);
      const float fx = static_cast<float>(kx) / (n_ * cfg.pixel_nm);
      const float q2 = static_cast<float>(M_PI * M_PI) * (fx * fx + fy * fy);
      const float v = (std::exp(-q2 * a2) + cfg.eta * std::exp(-q2 * b2)) / (1.f + cfg.eta);
      spectrum_host_[static_cast<size_t>(ky) * nf + kx] = make_float2(v, 0.f);
    }
  EBL_CUDA(cudaMalloc(&d_spectrum_, spectrum_host_.size() * sizeof(cufftComplex)));
  EBL_CUDA(cudaMalloc(&d_work_, spectrum_host_.size() * sizeof(cufftComplex)));
  EBL_CUDA(cudaMemcpy(d_spectrum_, spectrum_host_.data(), spectrum_host_.size() * sizeof(cufftComplex),
                      cudaMemcpyHostToDevice));
  EBL_CUFFT(cufftPlan2d(&fwd_, n_, n_, CUFFT_R2C));
  EBL_CUFFT(cufftPlan2d(&inv_, n_, n_, CUFFT_C2R));
}

PsfKernel::~PsfKernel() {
  cufftDestroy(inv_);
  cufftDestroy(fwd_);
  cudaFree(d_work_);
  cudaFree(d_spectrum_);
}

void PsfKernel::convolve(float* d_in, float* d_out, cudaStream_t s) {
  const int nspec = n_ * (n_ / 2 + 1);
  cufftSetStream(fwd_, s);
  cufftSetStream(inv_, s);
  cufftExecR2C(fwd_, d_in, d_work_);
  spectral_multiply<<<(nspec + 255) / 256, 256, 0, s>>>(d_work_, d_spectrum_, nspec, 1.f / (n_ * n_));
  cufftExecC2R(inv_, d_work_, d_out);
}

}  // namespace ebl
