#include <opencv2/cudaarithm.hpp>

#include "wsi/tiler.hpp"

namespace wsi {

// Per-channel mean optical density of a tile (logged for QC dashboards).
cv::Scalar tile_stats(const cv::cuda::GpuMat& g, cv::cuda::Stream& s) {
  static cv::cuda::HostMem sums(1, 4, CV_64F, cv::cuda::HostMem::PAGE_LOCKED);
  cv::cuda::GpuMat d_sums;
  cv::cuda::calcSum(g, d_sums, cv::noArray(), s);
  cv::Mat h = sums.createMatHeader();
  d_sums.download(h, s);
  s.waitForCompletion();
  const double n = double(g.rows) * g.cols;
  return cv::Scalar(h.at<double>(0) / n, h.at<double>(1) / n, h.at<double>(2) / n);
}

}  // namespace wsi
