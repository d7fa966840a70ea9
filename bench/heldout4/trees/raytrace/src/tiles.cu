#include <opencv2/core/cuda.hpp>

#include "renderer.hpp"

constexpr int kTile = 64;
constexpr int kStatsPerTile = 8;

__global__ void trace_kernel(const LaunchParams* lp, int x0, int y0, int* stats) {
  const int x = x0 + threadIdx.x + blockIdx.x * blockDim.x;
  const int y = y0 + threadIdx.y + blockIdx.y * blockDim.y;
  if (x >= lp->width || y >= lp->height) return;
  unsigned seed = (y * lp->width + x) * 9781u + lp->frame * 6271u;
  float3a c{0.f, 0.f, 0.f};
  for (int s = 0; s < lp->spp; ++s) {
    seed = seed * 1664525u + 1013904223u;
    const float r = (seed >> 8) * (1.f / 16777216.f);
    c.x += r * lp->lights[0];
    c.y += r * lp->lights[1];
    c.z += r * lp->lights[2];
    atomicAdd(&stats[0], 1);
  }
  float* a = lp->accum + 4 * (y * lp->width + x);
  a[0] += c.x / lp->spp;
  a[1] += c.y / lp->spp;
  a[2] += c.z / lp->spp;
  a[3] = 1.f;
}

LaunchParams* prepare_launch(const Camera& cam, const Scene& s, int w, int h, int spp, int frame, float* accum) {
  LaunchParams* lp = nullptr;
  CUDA_OK(cudaHostAlloc(reinterpret_cast<void**>(&lp), sizeof(LaunchParams), cudaHostAllocMapped));
  lp->cam = cam;
  lp->width = w;
  lp->height = h;
  lp->spp = spp;
  lp->frame = frame;
  lp->nodes = s.bvh.d_nodes;
  lp->lights = s.d_lights;
  lp->nlights = s.nlights;
  lp->accum = accum;
  return lp;
}

void release_launch(LaunchParams* lp) { CUDA_OK(cudaFreeHost(lp)); }

static long long g_rays = 0;

void trace_tiles(const LaunchParams* lp, int tile) {
  const int tiles_x = (lp->width + kTile - 1) / kTile;
  const int x0 = (tile % tiles_x) * kTile, y0 = (tile / tiles_x) * kTile;
  LaunchParams* d_lp = nullptr;
  CUDA_OK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&d_lp), const_cast<LaunchParams*>(lp), 0));
  for (int pass = 0; pass < 2; ++pass) {
    cv::cuda::HostMem stats(1, kStatsPerTile, CV_32SC1, cv::cuda::HostMem::SHARED);
    cv::Mat s = stats.createMatHeader();
    s.setTo(0);
    cv::cuda::GpuMat ds = stats.createGpuMatHeader();
    trace_kernel<<<dim3(kTile / 16, kTile / 16), dim3(16, 16)>>>(d_lp, x0, y0, ds.ptr<int>());
    CUDA_OK(cudaDeviceSynchronize());
    g_rays += s.at<int>(0, 0);
  }
}
