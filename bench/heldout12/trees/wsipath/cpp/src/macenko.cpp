#include <opencv2/core.hpp>
#include <opencv2/cudaarithm.hpp>

#include "wsi/tiler.hpp"

namespace wsi {

StainEstimator::StainEstimator(int max_pixels)
    : od_host_(1, max_pixels, CV_32FC3, cv::cuda::HostMem::PAGE_LOCKED), max_pixels_(max_pixels) {}

cv::Matx23f StainEstimator::estimate(const cv::cuda::GpuMat& od, cv::cuda::Stream& stream) {
  const int n = std::min(max_pixels_, od.rows * od.cols);
  cv::Mat host = od_host_.createMatHeader().colRange(0, n);
  od.reshape(3, 1).colRange(0, n).download(host, stream);
  stream.waitForCompletion();
  // keep pixels with enough optical density, project onto the plane of the two largest eigenvectors
  cv::Mat px = host.reshape(1, n), keep;
  for (int i = 0; i < n; ++i)
    if (cv::norm(px.row(i)) > 0.15) keep.push_back(px.row(i));
  if (keep.rows < 16) return cv::Matx23f(0.65f, 0.70f, 0.29f, 0.07f, 0.99f, 0.11f);
  cv::PCA pca(keep, cv::noArray(), cv::PCA::DATA_AS_ROW, 2);
  cv::Mat proj = keep * pca.eigenvectors.t();
  std::vector<float> ang(proj.rows);
  for (int i = 0; i < proj.rows; ++i) ang[i] = std::atan2(proj.at<float>(i, 1), proj.at<float>(i, 0));
  std::nth_element(ang.begin(), ang.begin() + ang.size() / 100, ang.end());
  const float lo = ang[ang.size() / 100];
  std::nth_element(ang.begin(), ang.begin() + ang.size() * 99 / 100, ang.end());
  const float hi = ang[ang.size() * 99 / 100];
  cv::Mat v1 = pca.eigenvectors.row(0) * std::cos(lo) + pca.eigenvectors.row(1) * std::sin(lo);
  cv::Mat v2 = pca.eigenvectors.row(0) * std::cos(hi) + pca.eigenvectors.row(1) * std::sin(hi);
  cv::Matx23f out;
  for (int c = 0; c < 3; ++c) {
    out(0, c) = v1.at<float>(c);
    out(1, c) = v2.at<float>(c);
  }
  return out;
}

}  // namespace wsi
