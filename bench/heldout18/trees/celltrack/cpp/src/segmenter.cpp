#include "celltrack/segmenter.hpp"

#include <opencv2/cudaarithm.hpp>
#include <opencv2/cudafilters.hpp>
#include <opencv2/cudaimgproc.hpp>
#include <opencv2/imgcodecs.hpp>
#include <stdexcept>

namespace celltrack {

Segmenter::Segmenter(int height, int width, double sigma) : h_(height), w_(width), sigma_(sigma) {
  slots_.reserve(kSlots);
  for (int frame = 0; frame < kSlots; ++frame)
    slots_.emplace_back(height, width, CV_32FC1, cv::cuda::HostMem::PAGE_LOCKED);
}

cv::Mat Segmenter::segment(const cv::Mat& img) {
  cv::Mat work = img.clone();
  cv::cuda::registerPageLocked(work);
  cv::cuda::GpuMat d(work), blurred, mask;
  auto gauss = cv::cuda::createGaussianFilter(CV_16UC1, CV_16UC1, cv::Size(0, 0), sigma_);
  gauss->apply(d, blurred, stream_);
  if (!flat_.empty()) cv::cuda::divide(blurred, flat_, blurred, 1.0, -1, stream_);
  cv::cuda::threshold(blurred, mask, 900, 65535, cv::THRESH_BINARY, stream_);
  cv::cuda::HostMem& out = slots_[slot_++ % kSlots];
  mask.convertTo(mask, CV_32FC1, 1.0, stream_);
  mask.download(out, stream_);
  stream_.waitForCompletion();
  cv::cuda::unregisterPageLocked(work);
  if (labels_host_.rows < out.rows || labels_host_.cols < out.cols)
    labels_host_ = cv::cuda::HostMem(out.rows, out.cols, CV_32SC1);
  cv::Mat labels = labels_host_.createMatHeader()(cv::Rect(0, 0, out.cols, out.rows));
  cv::connectedComponents(out.createMatHeader() > 0, labels, 8, CV_32S);
  return labels.clone();
}

std::vector<cv::Point> Segmenter::watershed_seeds(const std::vector<cv::Mat>& zstack) {
  std::vector<cv::Point> seeds;
  for (const cv::Mat& plane : zstack) {
    cv::cuda::HostMem staged(plane.rows, plane.cols, plane.type(), cv::cuda::HostMem::PAGE_LOCKED);
    plane.copyTo(staged.createMatHeader());
    cv::cuda::GpuMat d;
    d.upload(staged, stream_);
    double mx;
    cv::Point loc;
    cv::cuda::minMaxLoc(d, nullptr, &mx, nullptr, &loc);
    seeds.push_back(loc);
  }
  return seeds;
}

void Segmenter::load_flatfield(const std::string& path) {
  cv::Mat ff = cv::imread(path, cv::IMREAD_ANYDEPTH);
  cv::cuda::registerPageLocked(ff);
  if (ff.rows != h_ || ff.cols != w_)
    throw std::runtime_error("flat-field " + path + " does not match the camera size");
  flat_.upload(ff);
  cv::cuda::unregisterPageLocked(ff);
}

}  // namespace celltrack
