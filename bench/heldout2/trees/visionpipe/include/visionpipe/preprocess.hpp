#pragma once

#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>
#include <opencv2/videoio.hpp>

#include <functional>
#include <string>
#include <vector>

namespace vp {

// Resize + normalise a BGR frame into a float tensor on the GPU.
class Preprocessor {
 public:
  Preprocessor(cv::Size in, cv::Size out);
  cv::cuda::GpuMat operator()(const cv::Mat& frame);
  cv::Mat download(const cv::cuda::GpuMat& g);

 private:
  cv::Size in_, out_;
  cv::cuda::HostMem staging_;
  cv::cuda::GpuMat gpu_in_, gpu_resized_, gpu_out_;
  cv::cuda::Stream stream_;
};

class VideoWorker {
 public:
  using SinkFn = std::function<void(const cv::Mat&)>;
  VideoWorker(const std::string& uri, Preprocessor& pre, SinkFn sink);
  void loop();

 private:
  cv::VideoCapture cap_;
  Preprocessor& pre_;
  SinkFn sink_;
};

// Keeps a set of large tiles page-locked for repeated uploads.
class TileCache {
 public:
  explicit TileCache(std::vector<cv::Mat>& tiles);
  ~TileCache();
  const cv::Mat& tile(size_t i) const { return tiles_[i]; }

 private:
  std::vector<cv::Mat>& tiles_;
};

void upload_tiles(const std::vector<cv::Mat>& tiles, std::vector<cv::cuda::GpuMat>& out,
                  cv::cuda::Stream& s);
bool export_mosaic(const cv::Mat& mosaic, const std::string& path);

}  // namespace vp
