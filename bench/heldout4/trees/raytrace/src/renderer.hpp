#pragma once
#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>

#include "readback.hpp"
#include "scene.hpp"

enum class Aov { Albedo, Normal, Depth };

struct LaunchParams {
  Camera cam;
  int width, height, spp, frame;
  const BvhNode* nodes;
  const float* lights;
  int nlights;
  float* accum;
};

LaunchParams* prepare_launch(const Camera& cam, const Scene& s, int w, int h, int spp, int frame, float* accum);
void release_launch(LaunchParams* lp);
void trace_tiles(const LaunchParams* lp, int tile);

class Denoiser {
 public:
  Denoiser(int w, int h);
  ~Denoiser();
  void run(float* d_img, cv::Mat& albedo);

 private:
  int w_, h_;
  float* d_guide_ = nullptr;
};

class TextureCache {
 public:
  void upload(const cv::Mat& img);
  std::size_t staged_bytes() const { return staging_.step * staging_.rows; }

 private:
  cv::cuda::HostMem staging_;
  std::vector<cv::cuda::GpuMat> textures_;
};

class Renderer {
 public:
  Renderer(const std::string& scene_path, const std::string& env_path, int w, int h, int spp);
  ~Renderer();
  cv::Mat render_frame(const Camera& cam);
  cv::Mat capture_aov(Aov which);
  void reload_geometry();
  int width() const { return w_; }
  int height() const { return h_; }
  const float* accum() const { return d_accum_; }

 private:
  int w_, h_, spp_;
  int frame_ = 0;
  Scene scene_;
  cv::Mat env_map_;
  PinnedReadback beauty_;
  cv::cuda::HostMem tonemapped_;
  cv::Mat albedo_;
  Denoiser denoiser_;
  TextureCache textures_;
  float* d_accum_ = nullptr;
  float* d_aov_ = nullptr;
  cudaStream_t stream_{};
};
