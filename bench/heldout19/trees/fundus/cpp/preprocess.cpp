#include "preprocess.hpp"

#include <stdexcept>

#include <opencv2/core/persistence.hpp>
#include <opencv2/cudaarithm.hpp>
#include <opencv2/cudafilters.hpp>
#include <opencv2/cudaimgproc.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

namespace fundus {

Preprocessor::Preprocessor(const PreprocessOptions& o)
    : opt_(o), size_(o.width, o.height), hist_(o.tiles * o.tiles, 256, CV_32S, cv::Scalar(0)) {
  slots_.reserve(static_cast<std::size_t>(o.slots));
  for (int frame = 0; frame < o.slots; ++frame) {
    slots_.emplace_back(o.height, o.width, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED);
  }
}

cv::Mat Preprocessor::enhance(cv::Mat& img) {
  if (img.size() != size_) cv::resize(img, img, size_, 0, 0, cv::INTER_AREA);
  cv::cuda::registerPageLocked(img);
  cv::cuda::GpuMat d;
  d.upload(img, stream_);
  cv::cuda::GpuMat lab;
  cv::cuda::cvtColor(d, lab, cv::COLOR_BGR2Lab, 0, stream_);
  std::vector<cv::cuda::GpuMat> ch;
  cv::cuda::split(lab, ch, stream_);
  auto clahe = cv::cuda::createCLAHE(opt_.clip, cv::Size(opt_.tiles, opt_.tiles));
  clahe->apply(ch[0], ch[0], stream_);
  cv::cuda::merge(ch, lab, stream_);
  cv::cuda::cvtColor(lab, d, cv::COLOR_Lab2BGR, 0, stream_);
  if (!mask_dev_.empty()) {
    cv::cuda::GpuMat masked(d.size(), d.type(), cv::Scalar::all(0));
    d.copyTo(masked, mask_dev_, stream_);
    d = masked;
  }
  cv::cuda::HostMem& slot = slots_[next_];
  next_ = (next_ + 1) % slots_.size();
  cv::Mat out = slot.createMatHeader();
  d.download(out, stream_);
  stream_.waitForCompletion();
  cv::cuda::unregisterPageLocked(img);

  cv::Mat green;
  cv::extractChannel(out, green, 1);
  tile_statistics_(green);
  vessel_map(green);
  return out.clone();
}

void Preprocessor::tile_statistics_(const cv::Mat& green) {
  const int tw = green.cols / opt_.tiles;
  const int th = green.rows / opt_.tiles;
  cv::cuda::GpuMat dt, dh;
  for (int ty = 0; ty < opt_.tiles; ++ty) {
    for (int tx = 0; tx < opt_.tiles; ++tx) {
      cv::cuda::HostMem tile(th, tw, CV_8UC1, cv::cuda::HostMem::PAGE_LOCKED);
      cv::Mat view = tile.createMatHeader();
      green(cv::Rect(tx * tw, ty * th, tw, th)).copyTo(view);
      dt.upload(view, stream_);
      cv::cuda::calcHist(dt, dh, stream_);
      cv::Mat h;
      dh.download(h, stream_);
      stream_.waitForCompletion();
      cv::Mat row = hist_.row(ty * opt_.tiles + tx);
      cv::add(row, h.reshape(1, 1), row, cv::noArray(), CV_32S);
    }
  }
}

const cv::Mat& Preprocessor::vessel_map(const cv::Mat& green) {
  const bool fits = vessel_buf_.rows >= green.rows && vessel_buf_.cols >= green.cols;
  if (!fits) {
    vessel_buf_ = cv::cuda::HostMem(green.rows, green.cols, CV_8UC1, cv::cuda::HostMem::PAGE_LOCKED);
  }
  vessel_view_ = vessel_buf_.createMatHeader()(cv::Rect(0, 0, green.cols, green.rows));
  cv::cuda::GpuMat g;
  g.upload(green, stream_);
  const cv::Mat k = cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(15, 15));
  auto blackhat = cv::cuda::createMorphologyFilter(cv::MORPH_BLACKHAT, CV_8UC1, k);
  blackhat->apply(g, g, stream_);
  cv::cuda::threshold(g, g, 12, 255, cv::THRESH_BINARY, stream_);
  g.download(vessel_view_, stream_);
  stream_.waitForCompletion();
  return vessel_view_;
}

void Preprocessor::load_mask(const std::string& path) {
  cv::Mat m = cv::imread(path, cv::IMREAD_GRAYSCALE);
  if (m.empty()) throw std::runtime_error("cannot read mask " + path);
  cv::cuda::registerPageLocked(m);
  if (m.size() != size_) {
    throw std::runtime_error("mask " + path + " does not match the working resolution");
  }
  mask_dev_.upload(m, stream_);
  stream_.waitForCompletion();
  cv::cuda::unregisterPageLocked(m);
}

void Preprocessor::dump_histogram(const std::string& path) {
  cv::Mat snap = hist_.clone();
  cv::cuda::registerPageLocked(snap);
  try {
    cv::cuda::GpuMat g;
    g.upload(snap, stream_);
    cv::cuda::GpuMat f;
    g.convertTo(f, CV_32F, 1.0, 0.0, stream_);
    cv::Mat norm;
    f.download(norm, stream_);
    stream_.waitForCompletion();
    cv::FileStorage fs(path, cv::FileStorage::WRITE);
    if (!fs.isOpened()) throw std::runtime_error("cannot write " + path);
    fs << "tile_histogram" << norm;
  } catch (...) {
    cv::cuda::unregisterPageLocked(snap);
    throw;
  }
  cv::cuda::unregisterPageLocked(snap);
}

}  // namespace fundus
