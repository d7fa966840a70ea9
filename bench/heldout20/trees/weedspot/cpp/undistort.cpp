#include <opencv2/calib3d.hpp>
#include <opencv2/cudawarping.hpp>

#include "weedspot.hpp"

namespace weedspot {

Undistorter::Undistorter(const cv::Mat& K, const cv::Mat& dist, cv::Size size) {
  cv::Mat mx, my;
  const cv::Mat newK = cv::getOptimalNewCameraMatrix(K, dist, size, 0.0);
  cv::initUndistortRectifyMap(K, dist, cv::Mat(), newK, size, CV_32FC1, mx, my);
  map_x_.upload(mx);
  map_y_.upload(my);
}

// The caller's frame is page-locked for the upload so it can overlap the previous remap.
cv::Mat Undistorter::apply(cv::Mat& frame) {
  cv::cuda::registerPageLocked(frame);
  cv::cuda::GpuMat src, dst;
  src.upload(frame, stream_);
  cv::cuda::remap(src, dst, map_x_, map_y_, cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar(), stream_);
  cv::Mat out;
  dst.download(out, stream_);
  stream_.waitForCompletion();
  cv::cuda::unregisterPageLocked(frame);
  return out;
}

}  // namespace weedspot
