#pragma once
#include <string>

#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>

namespace oct {

// The whole structural volume, 8-bit, kept page-locked so every B-scan can be downloaded
// straight into its rows.
class VolumeWriter {
 public:
  VolumeWriter(int n_bscans, int depth, int alines);
  ~VolumeWriter();
  VolumeWriter(const VolumeWriter&) = delete;
  VolumeWriter& operator=(const VolumeWriter&) = delete;

  void write_bscan(int index, const cv::cuda::GpuMat& log_img, cv::cuda::Stream& stream);
  bool save_raw(const std::string& path) const;
  bool export_slices(const std::string& dir, int step);

 private:
  int n_bscans_, depth_, alines_;
  cv::Mat volume_;
};

}  // namespace oct
