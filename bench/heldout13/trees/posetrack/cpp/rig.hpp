#pragma once
#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>

#include <string>
#include <vector>

namespace posetrack {

constexpr int kMaxCams = 16;

// Synchronised multi-camera capture rig: page-locked upload, GPU undistortion.
class CameraRig {
 public:
  CameraRig(int n_cams, int height, int width);
  void load_remap_tables(const std::string& dir);
  std::vector<cv::Mat> process(std::vector<cv::Mat>& frames);
  int n_cams() const { return n_cams_; }

 private:
  void upload_frames(std::vector<cv::Mat>& frames);
  std::vector<cv::Mat> undistort_all();

  int n_cams_, h_, w_;
  std::vector<cv::cuda::HostMem> slots_;
  std::vector<cv::cuda::GpuMat> xmaps_, ymaps_, d_src_, d_dst_;
  std::vector<cv::cuda::Stream> streams_;
};

// Linear (DLT) triangulation of 2-D keypoints seen by several calibrated cameras.
class Triangulator {
 public:
  explicit Triangulator(std::vector<cv::Matx34f> projections);
  std::vector<cv::Point3f> triangulate(const std::vector<std::vector<cv::Point2f>>& keypoints,
                                       const std::vector<std::vector<float>>& scores);

 private:
  void ensure_points(int n);
  std::vector<cv::Matx34f> P_;
  cv::cuda::HostMem points_;
};

cv::cuda::HostMem make_undistort_target(int rows, int cols);

}  // namespace posetrack
