#include "inspector.h"

#include <cstring>

#include <opencv2/core/cuda.hpp>
#include <opencv2/cudaarithm.hpp>
#include <opencv2/cudafilters.hpp>
#include <opencv2/imgproc.hpp>

namespace {

cv::cuda::HostMem make_defect_mask(int rows, int cols) {
  return cv::cuda::HostMem(rows, cols, CV_8UC1, cv::cuda::HostMem::AllocType::PAGE_LOCKED);
}

cv::Mat frame_stats() {
  static cv::cuda::HostMem stats(1, 4, CV_64F, cv::cuda::HostMem::AllocType::PAGE_LOCKED);
  return stats.createMatHeader();
}

}  // namespace

Inspector::Inspector(int width, int frame_lines, const std::string& flat_path,
                     const std::vector<std::string>& classifiers)
    : ring_(64, width), stitcher_(width, frame_lines), flat_(flat_path, width) {
  for (const auto& name : classifiers) classifiers_.push_back(classifier_registry().at(name)());
}

int Inspector::push_line(const uint8_t* line) {
  cv::Mat slot = ring_.slot(line_no_++);
  std::memcpy(slot.data, line, slot.cols);
  if (stitcher_.append(slot.data)) {
    process_frame(stitcher_.frame());
    return 1;
  }
  return 0;
}

void Inspector::measure_blobs(const cv::Mat& frame, const cv::Mat& mask, std::vector<Defect>& out) {
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(mask.clone(), contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  for (const auto& c : contours) {
    Defect d;
    d.box = cv::boundingRect(c) & cv::Rect(0, 0, frame.cols, frame.rows);
    d.area = cv::contourArea(c);
    if (d.area < 4.0) continue;
    cv::Mat roi = frame(d.box).clone();
    cv::cuda::registerPageLocked(roi);
    cv::cuda::GpuMat g(roi);
    cv::cuda::GpuMat blurred;
    cv::Ptr<cv::cuda::Filter> f = cv::cuda::createGaussianFilter(CV_8UC1, CV_8UC1, cv::Size(3, 3), 1.0);
    f->apply(g, blurred);
    blurred.download(roi);
    cv::cuda::unregisterPageLocked(roi);
    out.push_back(d);
  }
}

void Inspector::process_frame(cv::Mat frame) {
  cv::cuda::GpuMat g(frame), corrected, diff, bin;
  cv::Mat gain_rep;
  cv::repeat(flat_.gain(), frame.rows, 1, gain_rep);
  cv::cuda::GpuMat gain(gain_rep);
  g.convertTo(corrected, CV_32F);
  cv::cuda::multiply(corrected, gain, corrected);
  cv::Scalar mean = cv::cuda::sum(corrected);
  cv::cuda::absdiff(corrected, cv::Scalar(mean[0] / double(frame.total())), diff);
  cv::cuda::threshold(diff, bin, 25.0, 255.0, cv::THRESH_BINARY);
  cv::cuda::HostMem mask = make_defect_mask(frame.rows, frame.cols);
  cv::Mat mask_h = mask.createMatHeader();
  bin.convertTo(g, CV_8U);
  g.download(mask_h);
  cv::Mat stats = frame_stats();
  stats.at<double>(0, 0) = mean[0];
  std::vector<Defect> found;
  measure_blobs(frame, mask_h, found);
  for (auto& d : found) {
    for (auto& c : classifiers_) c->classify(frame, d);
    pending_.push_back(d);
    history_.push_back(d);
  }
  stats.at<double>(0, 1) = double(found.size());
}

std::vector<Defect> Inspector::take_defects() {
  std::vector<Defect> out;
  out.swap(pending_);
  return out;
}
