#pragma once

#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace hivecam {

struct Detection {
  cv::Rect box;
  float mite_score;
};

// Start-up ring of page-locked frame slots the camera grabber fills.
class FrameQueue {
 public:
  FrameQueue(int slots, int rows, int cols);
  cv::cuda::HostMem& slot(int frame_no) { return slots_[frame_no % slots_.size()]; }
  int size() const { return static_cast<int>(slots_.size()); }

 private:
  std::vector<cv::cuda::HostMem> slots_;
};

class MiteDetector {
 public:
  explicit MiteDetector(float threshold);
  void load_lut(const std::string& path);
  void ingest(cv::Mat& frame);
  std::vector<Detection> detect(const std::vector<cv::Rect>& bees);

 private:
  float threshold_;
  cv::Mat lut_;
  cv::cuda::GpuMat gpu_lut_;
  cv::cuda::GpuMat gpu_frame_;
  cv::cuda::Stream stream_;
};

class BeeTracker {
 public:
  std::vector<cv::Rect> update(const cv::Mat& frame);
  int count_in() const { return in_; }
  int count_out() const { return out_; }

 private:
  const cv::cuda::HostMem& entrance_mask(int width, int height);

  cv::cuda::HostMem canvas_;
  std::unordered_map<std::uint64_t, cv::cuda::HostMem> masks_;
  std::vector<cv::Point2f> last_;
  int in_ = 0;
  int out_ = 0;
};

}  // namespace hivecam
