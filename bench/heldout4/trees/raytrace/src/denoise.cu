#include <opencv2/core/cuda.hpp>

#include "renderer.hpp"

__global__ void joint_bilateral(float* img, const float* guide, int w, int h) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  const float* g0 = guide + 3 * (y * w + x);
  float acc[3] = {0, 0, 0}, wsum = 0.f;
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) {
      const int xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1);
      const float* g = guide + 3 * (yy * w + xx);
      const float d = (g[0] - g0[0]) * (g[0] - g0[0]) + (g[1] - g0[1]) * (g[1] - g0[1]) + (g[2] - g0[2]) * (g[2] - g0[2]);
      const float wt = __expf(-d * 50.f - (dx * dx + dy * dy) * 0.1f);
      const float* p = img + 4 * (yy * w + xx);
      acc[0] += wt * p[0];
      acc[1] += wt * p[1];
      acc[2] += wt * p[2];
      wsum += wt;
    }
  float* o = img + 4 * (y * w + x);
  o[0] = acc[0] / wsum;
  o[1] = acc[1] / wsum;
  o[2] = acc[2] / wsum;
}

Denoiser::Denoiser(int w, int h) : w_(w), h_(h) {
  CUDA_OK(cudaMalloc(&d_guide_, sizeof(float) * 3 * w * h));
}

Denoiser::~Denoiser() { cudaFree(d_guide_); }

void Denoiser::run(float* d_img, cv::Mat& albedo) {
  cv::cuda::registerPageLocked(albedo);
  CUDA_OK(cudaMemcpy(d_guide_, albedo.ptr<float>(), sizeof(float) * 3 * w_ * h_, cudaMemcpyHostToDevice));
  cv::cuda::unregisterPageLocked(albedo);
  joint_bilateral<<<dim3((w_ + 15) / 16, (h_ + 15) / 16), dim3(16, 16)>>>(d_img, d_guide_, w_, h_);
}
