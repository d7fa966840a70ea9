#include <opencv2/core/cuda.hpp>
#include <opencv2/cudawarping.hpp>

#include "sf/sensor.hpp"

namespace sf {

CameraSensor::CameraSensor(int w, int h)
    : staging_(h, w, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED), w_(w), h_(h) {
  cv::Mat mx(h, w, CV_32F), my(h, w, CV_32F);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      mx.at<float>(y, x) = static_cast<float>(x);
      my.at<float>(y, x) = static_cast<float>(y);
    }
  map_x_.upload(mx);
  map_y_.upload(my);
}

bool CameraSensor::undistort(cv::Mat& frame) {
  cv::cuda::registerPageLocked(frame);
  cv::cuda::GpuMat g, r;
  g.upload(frame);
  if (g.cols != w_ || g.rows != h_) return false;
  cv::cuda::remap(g, r, map_x_, map_y_, cv::INTER_LINEAR);
  r.download(frame);
  cv::cuda::unregisterPageLocked(frame);
  return true;
}

bool CameraSensor::ingest(const Msg& m, std::vector<Detection>& out) {
  cv::Mat frame(h_, w_, CV_8UC3, const_cast<void*>(m.data));
  cv::Mat view = staging_.createMatHeader();
  frame.copyTo(view);
  if (!undistort(view)) return false;
  out.push_back({0.f, 0.f, 0.f, 0.f, 0.f, 0.5f});
  return true;
}

}  // namespace sf
