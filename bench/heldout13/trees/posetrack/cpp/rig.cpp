#include <opencv2/core/persistence.hpp>
#include <opencv2/cudawarping.hpp>

#include "rig.hpp"

namespace posetrack {

CameraRig::CameraRig(int n_cams, int height, int width)
    : n_cams_(n_cams), h_(height), w_(width), xmaps_(n_cams), ymaps_(n_cams), d_src_(n_cams), d_dst_(n_cams),
      streams_(n_cams) {
  CV_Assert(n_cams > 0 && n_cams <= kMaxCams);
  slots_.reserve(n_cams);
  for (int cam = 0; cam < n_cams; ++cam) {
    slots_.emplace_back(height, width, CV_8UC3, cv::cuda::HostMem::AllocType::PAGE_LOCKED);
  }
}

void CameraRig::load_remap_tables(const std::string& dir) {
  for (int cam = 0; cam < n_cams_; ++cam) {
    cv::FileStorage fs(dir + "/cam" + std::to_string(cam) + "_remap.yml", cv::FileStorage::READ);
    cv::Mat mx, my;
    fs["map_x"] >> mx;
    fs["map_y"] >> my;
    cv::cuda::registerPageLocked(mx);
    CV_Assert(mx.size() == cv::Size(w_, h_) && mx.type() == CV_32FC1 && my.size() == mx.size());
    xmaps_[cam].upload(mx, streams_[cam]);
    ymaps_[cam].upload(my, streams_[cam]);
    streams_[cam].waitForCompletion();
    cv::cuda::unregisterPageLocked(mx);
  }
}

cv::cuda::HostMem make_undistort_target(int rows, int cols) {
  return cv::cuda::HostMem(rows, cols, CV_8UC3, cv::cuda::HostMem::AllocType::PAGE_LOCKED);
}

void CameraRig::upload_frames(std::vector<cv::Mat>& frames) {
  CV_Assert(static_cast<int>(frames.size()) == n_cams_);
  for (int cam = 0; cam < n_cams_; ++cam) {
    cv::cuda::registerPageLocked(frames[cam]);
    d_src_[cam].upload(frames[cam], streams_[cam]);
    streams_[cam].waitForCompletion();
    cv::cuda::unregisterPageLocked(frames[cam]);
  }
}

std::vector<cv::Mat> CameraRig::undistort_all() {
  cv::cuda::HostMem target = make_undistort_target(n_cams_ * h_, w_);
  cv::Mat all = target.createMatHeader();
  for (int cam = 0; cam < n_cams_; ++cam) {
    cv::cuda::remap(d_src_[cam], d_dst_[cam], xmaps_[cam], ymaps_[cam], cv::INTER_LINEAR, cv::BORDER_CONSTANT,
                    cv::Scalar(), streams_[cam]);
    d_dst_[cam].download(all.rowRange(cam * h_, (cam + 1) * h_), streams_[cam]);
  }
  std::vector<cv::Mat> out;
  for (int cam = 0; cam < n_cams_; ++cam) {
    streams_[cam].waitForCompletion();
    out.push_back(all.rowRange(cam * h_, (cam + 1) * h_).clone());
  }
  return out;
}

std::vector<cv::Mat> CameraRig::process(std::vector<cv::Mat>& frames) {
  upload_frames(frames);
  return undistort_all();
}

}  // namespace posetrack
