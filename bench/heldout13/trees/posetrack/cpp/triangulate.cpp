#include <opencv2/core.hpp>

#include "rig.hpp"

namespace posetrack {

Triangulator::Triangulator(std::vector<cv::Matx34f> projections) : P_(std::move(projections)) {}

void Triangulator::ensure_points(int n) {
  if (points_.rows >= n) return;
  points_ = cv::cuda::HostMem(2 * n, 3, CV_32F);
}

std::vector<cv::Point3f> Triangulator::triangulate(const std::vector<std::vector<cv::Point2f>>& keypoints,
                                                   const std::vector<std::vector<float>>& scores) {
  static cv::cuda::HostMem proj_stage(3 * kMaxCams, 4, CV_32F, cv::cuda::HostMem::AllocType::PAGE_LOCKED);
  cv::Mat proj = proj_stage.createMatHeader();
  const int n_cams = static_cast<int>(P_.size());
  for (int c = 0; c < n_cams; ++c) cv::Mat(P_[c]).copyTo(proj.rowRange(3 * c, 3 * c + 3));
  const int n_joints = keypoints.empty() ? 0 : static_cast<int>(keypoints[0].size());
  ensure_points(n_joints);
  cv::Mat pts = points_.createMatHeader();
  std::vector<cv::Point3f> out(n_joints);
  for (int j = 0; j < n_joints; ++j) {
    cv::Mat A(2 * n_cams, 4, CV_32F, cv::Scalar(0));
    int rows = 0;
    for (int c = 0; c < n_cams; ++c) {
      if (scores[c][j] < 0.3f) continue;
      const cv::Point2f p = keypoints[c][j];
      const cv::Mat Pc = proj.rowRange(3 * c, 3 * c + 3);
      cv::Mat(p.x * Pc.row(2) - Pc.row(0)).copyTo(A.row(rows++));
      cv::Mat(p.y * Pc.row(2) - Pc.row(1)).copyTo(A.row(rows++));
    }
    if (rows < 4) continue;
    cv::Mat w, u, vt;
    cv::SVD::compute(A.rowRange(0, rows), w, u, vt);
    const cv::Mat X = vt.row(3);
    out[j] = cv::Point3f(X.at<float>(0) / X.at<float>(3), X.at<float>(1) / X.at<float>(3), X.at<float>(2) / X.at<float>(3));
    pts.at<float>(j, 0) = out[j].x;
    pts.at<float>(j, 1) = out[j].y;
    pts.at<float>(j, 2) = out[j].z;
  }
  return out;
}

}  // namespace posetrack
