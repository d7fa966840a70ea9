#include <opencv2/cudaarithm.hpp>
#include <opencv2/cudawarping.hpp>

#include "visionpipe/preprocess.hpp"

namespace vp {

Preprocessor::Preprocessor(cv::Size in, cv::Size out)
    : in_(in), out_(out), staging_(in.height, in.width, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED) {}

cv::cuda::GpuMat Preprocessor::operator()(const cv::Mat& frame) {
  CV_Assert(frame.size() == in_ && frame.type() == CV_8UC3);
  cv::Mat host = staging_.createMatHeader();
  frame.copyTo(host);
  gpu_in_.upload(host, stream_);
  cv::cuda::resize(gpu_in_, gpu_resized_, out_, 0, 0, cv::INTER_LINEAR, stream_);
  gpu_resized_.convertTo(gpu_out_, CV_32FC3, 1.0 / 255.0, stream_);
  return gpu_out_;
}

cv::Mat Preprocessor::download(const cv::cuda::GpuMat& g) {
  cv::cuda::HostMem out(g.rows, g.cols, g.type(), cv::cuda::HostMem::PAGE_LOCKED);
  g.download(out, stream_);
  stream_.waitForCompletion();
  return out.createMatHeader().clone();
}

}  // namespace vp
