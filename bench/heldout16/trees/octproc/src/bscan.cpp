#include "bscan.hpp"

#include <cmath>
#include <stdexcept>

#include <opencv2/cudaarithm.hpp>
#include <opencv2/cudawarping.hpp>
#include <opencv2/imgcodecs.hpp>

namespace oct {
namespace {

double sharpness(const cv::Mat& img) {
  cv::Mat sq;
  cv::multiply(img, img, sq);
  const double s2 = cv::sum(sq)[0];
  const double s1 = cv::sum(img)[0];
  return s1 > 0.0 ? s2 / (s1 * s1) : 0.0;
}

}  // namespace

BscanProcessor::BscanProcessor(const ScanGeometry& g)
    : g_(g), raw_(g.alines, g.samples, CV_16UC1, cv::cuda::HostMem::PAGE_LOCKED) {
  d_raw_.create(g.alines, g.samples, CV_16UC1);
  d_spec_.create(g.alines, g.samples, CV_32FC2);
  d_log_.create(g.alines, g.depth, CV_32FC1);
  d_bg_ = cv::cuda::GpuMat(1, g.samples, CV_32FC1, cv::Scalar(0));
}

void BscanProcessor::set_k_linearization(const std::vector<float>& k_index) {
  CV_Assert(static_cast<int>(k_index.size()) == g_.samples);
  cv::Mat host(1, g_.samples, CV_32FC1, const_cast<float*>(k_index.data()));
  cv::cuda::registerPageLocked(host);
  try {
    d_klin_.upload(host, stream_);
    stream_.waitForCompletion();
  } catch (...) {
    cv::cuda::unregisterPageLocked(host);
    throw;
  }
  cv::cuda::unregisterPageLocked(host);
}

void BscanProcessor::load_background(const std::string& path) {
  cv::Mat bg = cv::imread(path, cv::IMREAD_ANYDEPTH);
  if (bg.empty()) throw std::runtime_error("cannot read background " + path);
  bg.convertTo(bg, CV_32F);
  cv::cuda::registerPageLocked(bg);
  if (bg.cols != g_.samples) {
    throw std::runtime_error("background has " + std::to_string(bg.cols) + " samples, expected " +
                             std::to_string(g_.samples));
  }
  cv::Mat mean;
  cv::reduce(bg, mean, 0, cv::REDUCE_AVG);
  d_bg_.upload(mean, stream_);
  stream_.waitForCompletion();
  cv::cuda::unregisterPageLocked(bg);
}

void BscanProcessor::set_dispersion(double a2, double a3) {
  a2_ = a2;
  a3_ = a3;
  cv::Mat phase(1, g_.samples, CV_32FC1);
  const double k0 = 0.5 * g_.samples;
  for (int k = 0; k < g_.samples; ++k) {
    const double dk = k - k0;
    phase.at<float>(k) = static_cast<float>(-(a2 * dk * dk + a3 * dk * dk * dk));
  }
  d_phase_.upload(phase, stream_);
}

void BscanProcessor::upload(const cv::Mat& raw_u16) {
  CV_Assert(raw_u16.rows == g_.alines && raw_u16.cols == g_.samples && raw_u16.type() == CV_16UC1);
  raw_u16.copyTo(raw_.createMatHeader());
  d_raw_.upload(raw_, stream_);
}

void BscanProcessor::process() {
  cv::cuda::GpuMat f, lin;
  d_raw_.convertTo(f, CV_32F, stream_);
  cv::cuda::subtract(f, d_bg_, f, cv::noArray(), -1, stream_);
  cv::cuda::GpuMat map_y(f.size(), CV_32FC1, cv::Scalar(0));
  cv::cuda::GpuMat map_x;
  cv::cuda::repeat(d_klin_, g_.alines, 1, map_x);  // k-linearisation as a 1-D remap
  cv::cuda::remap(f, lin, map_x, map_y, cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar(), stream_);
  cv::cuda::GpuMat re, im, planes[2];
  cv::cuda::GpuMat ph;
  cv::cuda::repeat(d_phase_, g_.alines, 1, ph);
  cv::cuda::GpuMat c, s;
  cv::cuda::polarToCart(cv::cuda::GpuMat(ph.size(), CV_32FC1, cv::Scalar(1)), ph, c, s, false, stream_);
  cv::cuda::multiply(lin, c, planes[0], 1, -1, stream_);
  cv::cuda::multiply(lin, s, planes[1], 1, -1, stream_);
  cv::cuda::merge(planes, 2, d_spec_, stream_);
  cv::cuda::GpuMat ascan;
  cv::cuda::dft(d_spec_, ascan, d_spec_.size(), cv::DFT_ROWS, stream_);
  cv::cuda::GpuMat mag;
  cv::cuda::magnitude(ascan, mag, stream_);
  cv::cuda::log(mag(cv::Rect(0, 0, g_.depth, g_.alines)), d_log_, stream_);
}

std::pair<double, double> BscanProcessor::calibrate_dispersion(const cv::Mat& mirror,
                                                               const std::vector<double>& a2_grid) {
  upload(mirror);
  double best_a2 = 0.0, best = -1.0;
  for (double a2 : a2_grid) {
    set_dispersion(a2, a3_);
    process();
    cv::cuda::HostMem img(d_log_.size(), d_log_.type());
    d_log_.download(img, stream_);
    stream_.waitForCompletion();
    const double s = sharpness(img.createMatHeader());
    if (s > best) {
      best = s;
      best_a2 = a2;
    }
  }
  set_dispersion(best_a2, a3_);
  return {best_a2, best};
}

cv::cuda::HostMem BscanProcessor::process_to_host() {
  process();
  cv::cuda::HostMem out(d_log_.size(), CV_32FC1, cv::cuda::HostMem::PAGE_LOCKED);
  d_log_.download(out, stream_);
  stream_.waitForCompletion();
  return out;
}

void BscanProcessor::ensure_scratch(int rows) {
  if (scratch_.rows < rows) {
    scratch_ = cv::cuda::HostMem(rows, g_.alines, CV_32FC1, cv::cuda::HostMem::PAGE_LOCKED);
  }
}

cv::Mat BscanProcessor::doppler_to_host(int rows) {
  ensure_scratch(rows);
  cv::cuda::GpuMat ph;
  cv::cuda::phase(d_spec_.colRange(0, rows).t(), d_spec_.colRange(0, rows).t(), ph, false, stream_);
  cv::Mat dst = scratch_.createMatHeader().rowRange(0, rows);
  ph.download(dst, stream_);
  stream_.waitForCompletion();
  return dst.clone();
}

}  // namespace oct
