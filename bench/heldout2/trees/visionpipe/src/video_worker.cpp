#include "visionpipe/preprocess.hpp"

namespace vp {

VideoWorker::VideoWorker(const std::string& uri, Preprocessor& pre, SinkFn sink)
    : cap_(uri), pre_(pre), sink_(std::move(sink)) {
  CV_Assert(cap_.isOpened());
}

void VideoWorker::loop() {
  cv::Mat frame;
  while (cap_.read(frame)) {
    cv::cuda::registerPageLocked(frame);
    cv::cuda::GpuMat g = pre_(frame);
    cv::cuda::unregisterPageLocked(frame);
    sink_(pre_.download(g));
  }
}

}  // namespace vp
