#pragma once
#include <string>
#include <unordered_map>
#include <opencv2/core/cuda.hpp>

namespace grasp_filter {

// One page-locked depth image per camera frame id, re-allocated only when the resolution changes.
class DepthCache {
 public:
  cv::cuda::HostMem& get(const std::string& frame_id, cv::Size size) {
    auto it = cache_.find(frame_id);
    if (it == cache_.end() || it->second.size() != size) {
      it = cache_.insert_or_assign(frame_id, cv::cuda::HostMem(size, CV_32FC1, cv::cuda::HostMem::PAGE_LOCKED)).first;
    }
    return it->second;
  }

 private:
  std::unordered_map<std::string, cv::cuda::HostMem> cache_;
};

}  // namespace grasp_filter
