#include <opencv2/cudaarithm.hpp>
#include <opencv2/cudaimgproc.hpp>

#include "shelfscan/ingest.hpp"

namespace shelf {

FrameQueue::FrameQueue(int depth, int rows, int cols) {
  slots_.reserve(depth);
  for (int frame = 0; frame < depth; ++frame) {
    slots_.emplace_back(rows, cols, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED);
  }
}

cv::Mat FrameQueue::next(const cv::Mat& frame) {
  cv::Mat dst = slots_[head_].createMatHeader();
  frame.copyTo(dst);
  head_ = (head_ + 1) % slots_.size();
  return dst;
}

std::vector<Facing> Detector::upload(cv::Mat& frame) {
  cv::cuda::registerPageLocked(frame);
  d_frame_.upload(frame, stream_);
  cv::cuda::GpuMat gray, edges;
  cv::cuda::cvtColor(d_frame_, gray, cv::COLOR_BGR2GRAY, 0, stream_);
  auto canny = cv::cuda::createCannyEdgeDetector(50.0, 150.0);
  canny->detect(gray, edges, stream_);
  stream_.waitForCompletion();
  cv::cuda::unregisterPageLocked(frame);
  cv::Mat h_edges;
  edges.download(h_edges);
  std::vector<Facing> out;
  const int w = 96;
  for (int x = 0; x + w <= h_edges.cols; x += w) {
    double density = cv::mean(h_edges(cv::Rect(x, 0, w, h_edges.rows)))[0] / 255.0;
    if (density > threshold_) out.push_back({cv::Rect(x, 0, w, h_edges.rows), -1});
  }
  return out;
}

}  // namespace shelf
