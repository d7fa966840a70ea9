#include <opencv2/core/cuda.hpp>
#include <opencv2/cudaarithm.hpp>

#include "calcimg.hpp"

namespace calcimg {

MotionCorrector::MotionCorrector(int rows, int cols, int max_shift)
    : rows_(rows),
      cols_(cols),
      max_shift_(max_shift),
      template_(rows, cols, CV_32F, cv::cuda::HostMem::PAGE_LOCKED) {
  template_.createMatHeader().setTo(0);
  d_template_.create(rows, cols, CV_32F);
  d_template_.setTo(0);
}

std::pair<float, float> MotionCorrector::phase_correlate(const cv::cuda::GpuMat& frame) {
  cv::cuda::dft(frame, d_spec_a_, frame.size(), 0, stream_);
  cv::cuda::dft(d_template_, d_spec_b_, frame.size(), 0, stream_);
  cv::cuda::mulSpectrums(d_spec_a_, d_spec_b_, d_corr_, 0, true, stream_);
  cv::cuda::dft(d_corr_, d_corr_, frame.size(), cv::DFT_INVERSE | cv::DFT_REAL_OUTPUT, stream_);
  stream_.waitForCompletion();
  double max_val = 0;
  cv::Point loc;
  cv::cuda::minMaxLoc(d_corr_, nullptr, &max_val, nullptr, &loc);
  float dy = static_cast<float>(loc.y > rows_ / 2 ? loc.y - rows_ : loc.y);
  float dx = static_cast<float>(loc.x > cols_ / 2 ? loc.x - cols_ : loc.x);
  dy = std::max(-1.f * max_shift_, std::min(1.f * max_shift_, dy));
  dx = std::max(-1.f * max_shift_, std::min(1.f * max_shift_, dx));
  return {dy, dx};
}

std::pair<float, float> MotionCorrector::register_frame(const cv::Mat& frame) {
  cv::cuda::HostMem staged(frame.rows, frame.cols, CV_32F, cv::cuda::HostMem::PAGE_LOCKED);
  frame.convertTo(staged.createMatHeader(), CV_32F);
  d_frame_.upload(staged, stream_);
  return phase_correlate(d_frame_);
}

void MotionCorrector::set_template(const cv::Mat& mean) {
  if (mean.rows > ref_.rows || mean.cols > ref_.cols) {
    ref_ = cv::cuda::HostMem(mean.rows, mean.cols, CV_32F, cv::cuda::HostMem::PAGE_LOCKED);
  }
  cv::Mat header = ref_.createMatHeader();
  mean.convertTo(header, CV_32F);
  d_template_.upload(header, stream_);
  stream_.waitForCompletion();
}

std::vector<std::pair<float, float>> MotionCorrector::correct_stack(std::vector<cv::Mat>& planes) {
  std::vector<std::pair<float, float>> shifts;
  shifts.reserve(planes.size());
  for (cv::Mat& plane : planes) {
    cv::cuda::registerPageLocked(plane);
    d_frame_.upload(plane, stream_);
    shifts.push_back(phase_correlate(d_frame_));
    cv::cuda::unregisterPageLocked(plane);
  }
  return shifts;
}

}  // namespace calcimg
