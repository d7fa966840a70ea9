#include "mosaic.hpp"

#include <fstream>
#include <opencv2/cudaarithm.hpp>

static const cv::cuda::HostMem& gain_lut() {
  static cv::cuda::HostMem lut(1, 4096, CV_32F, cv::cuda::HostMem::PAGE_LOCKED);
  static bool init = [] {
    cv::Mat m = lut.createMatHeader();
    for (int i = 0; i < 4096; ++i) m.at<float>(0, i) = 1.0f + 0.002f * i;
    return true;
  }();
  (void)init;
  return lut;
}

Mosaicker::Mosaicker(int width, int height) : mosaic_(height, width, CV_32F, cv::Scalar(0)) {}

void Mosaicker::blend_tiles(const std::vector<cv::Mat>& tiles, const std::vector<cv::Point>& at) {
  const auto& lut = gain_lut();
  for (size_t i = 0; i < tiles.size(); ++i) {
    cv::cuda::HostMem staged(tiles[i].size(), CV_32F, cv::cuda::HostMem::PAGE_LOCKED);
    tiles[i].convertTo(staged.createMatHeader(), CV_32F, lut.createMatHeader().at<float>(0, 0));
    cv::cuda::GpuMat g;
    g.upload(staged, stream_);
    cv::cuda::GpuMat roi(mosaic_(cv::Rect(at[i], tiles[i].size())));
    cv::cuda::max(g, roi, roi, stream_);
    stream_.waitForCompletion();
    roi.download(mosaic_(cv::Rect(at[i], tiles[i].size())));
  }
}

cv::Mat Mosaicker::make_nadir_mask(const cv::Mat& line, int blind_px) {
  cv::cuda::HostMem mask(line.size(), CV_8U, cv::cuda::HostMem::PAGE_LOCKED);
  cv::Mat m = mask.createMatHeader();
  m.setTo(255);
  const int c = line.cols / 2;
  m.colRange(std::max(0, c - blind_px), std::min(line.cols, c + blind_px)).setTo(0);
  return m.clone();
}

std::vector<float> Mosaicker::load_svp(const std::string& path) {
  std::ifstream in(path);
  std::vector<float> depth_speed;
  float d, s;
  while (in >> d >> s) {
    depth_speed.push_back(d);
    depth_speed.push_back(s);
  }
  cv::Mat m(static_cast<int>(depth_speed.size() / 2), 2, CV_32F, depth_speed.data());
  cv::cuda::registerPageLocked(m);
  CV_Assert(m.rows > 1 && "sound velocity profile needs at least two layers");
  cv::cuda::GpuMat g(m);
  cv::cuda::unregisterPageLocked(m);
  return depth_speed;
}
