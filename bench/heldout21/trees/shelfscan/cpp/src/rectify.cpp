#include <opencv2/cudawarping.hpp>

#include "shelfscan/ingest.hpp"

namespace shelf {

void Rectifier::ensure_canvas(cv::Size size) {
  if (canvas_.rows < size.height || canvas_.cols < size.width) {
    canvas_.create(size.height, size.width, CV_8UC3);
  }
}

std::vector<cv::Mat> Rectifier::warp(const cv::Mat& frame, const std::vector<Facing>& facings) {
  ensure_canvas(frame.size());
  cv::Mat canvas = canvas_.createMatHeader()(cv::Rect(0, 0, frame.cols, frame.rows));
  frame.copyTo(canvas);
  std::vector<cv::Mat> crops;
  for (const Facing& f : facings) {
    cv::cuda::HostMem crop(256, 128, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED);
    cv::cuda::GpuMat d_in(canvas(f.box)), d_out;
    cv::cuda::resize(d_in, d_out, cv::Size(128, 256), 0, 0, cv::INTER_LINEAR, stream_);
    d_out.download(crop, stream_);
    stream_.waitForCompletion();
    crops.push_back(crop.createMatHeader().clone());
  }
  return crops;
}

}  // namespace shelf
