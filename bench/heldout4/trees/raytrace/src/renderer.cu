#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cstdio>
#include <stdexcept>

#include "renderer.hpp"

__global__ void tonemap_kernel(const float* accum, uchar3* out, int n, int frames) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  auto aces = [](float x) { return fminf(1.f, (x * (2.51f * x + 0.03f)) / (x * (2.43f * x + 0.59f) + 0.14f)); };
  const float s = 1.f / frames;
  out[i] = make_uchar3(255 * aces(accum[4 * i + 2] * s), 255 * aces(accum[4 * i + 1] * s), 255 * aces(accum[4 * i] * s));
}

__global__ void write_aov(const float* accum, float* aov, int n, int which) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    aov[3 * i] = accum[4 * i + which];
    aov[3 * i + 1] = accum[4 * i + which];
    aov[3 * i + 2] = accum[4 * i + 3];
  }
}

Renderer::Renderer(const std::string& scene_path, const std::string& env_path, int w, int h, int spp)
    : w_(w),
      h_(h),
      spp_(spp),
      scene_(load_scene(scene_path)),
      env_map_(cv::imread(env_path, cv::IMREAD_UNCHANGED)),
      beauty_(w, h, 4),
      tonemapped_(h, w, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED),
      albedo_(h, w, CV_32FC3),
      denoiser_(w, h) {
  cv::cuda::registerPageLocked(env_map_);
  CUDA_OK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
  CUDA_OK(cudaMalloc(&d_accum_, sizeof(float) * 4 * w * h));
  CUDA_OK(cudaMalloc(&d_aov_, sizeof(float) * 3 * w * h));
  for (const Material& m : scene_.materials)
    if (!m.texture.empty()) textures_.upload(cv::imread(m.texture));
}

Renderer::~Renderer() {
  cv::cuda::unregisterPageLocked(env_map_);
  free_bvh(scene_.bvh);
  cudaFree(d_accum_);
  cudaFree(d_aov_);
  cudaStreamDestroy(stream_);
}

void Renderer::reload_geometry() {
  std::vector<Triangle> tris = load_geometry(scene_.path);
  Bvh fresh = build_bvh(tris);
  free_bvh(scene_.bvh);
  scene_.bvh = fresh;
  scene_.tris = std::move(tris);
  frame_ = 0;
}

cv::Mat Renderer::render_frame(const Camera& cam) {
  LaunchParams* lp = prepare_launch(cam, scene_, w_, h_, spp_, frame_, d_accum_);
  const int tiles = ((w_ + 63) / 64) * ((h_ + 63) / 64);
  for (int t = 0; t < tiles; ++t) trace_tiles(lp, t);
  release_launch(lp);
  ++frame_;
  beauty_.read_from(d_accum_, stream_);
  for (int i = 0; i < w_ * h_; ++i) {
    const float* px = beauty_.data() + 4 * i;
    albedo_.at<cv::Vec3f>(i / w_, i % w_) = cv::Vec3f(px[0], px[1], px[2]);
  }
  denoiser_.run(d_accum_, albedo_);
  cv::cuda::GpuMat dev = tonemapped_.createGpuMatHeader();
  const int n = w_ * h_;
  tonemap_kernel<<<(n + 255) / 256, 256, 0, stream_>>>(d_accum_, dev.ptr<uchar3>(), n, frame_);
  CUDA_OK(cudaStreamSynchronize(stream_));
  return tonemapped_.createMatHeader();
}

cv::Mat Renderer::capture_aov(Aov which) {
  PinnedReadback aov(w_, h_, 3);
  const int n = w_ * h_;
  write_aov<<<(n + 255) / 256, 256, 0, stream_>>>(d_accum_, d_aov_, n, static_cast<int>(which));
  aov.read_from(d_aov_, stream_);
  return cv::Mat(h_, w_, CV_32FC3, aov.data()).clone();
}
