#include "volume_writer.hpp"

#include <fstream>

#include <opencv2/imgcodecs.hpp>

namespace oct {

VolumeWriter::VolumeWriter(int n_bscans, int depth, int alines)
    : n_bscans_(n_bscans), depth_(depth), alines_(alines), volume_(n_bscans * depth, alines, CV_8UC1) {
  cv::cuda::registerPageLocked(volume_);
}

VolumeWriter::~VolumeWriter() { cv::cuda::unregisterPageLocked(volume_); }

void VolumeWriter::write_bscan(int index, const cv::cuda::GpuMat& log_img, cv::cuda::Stream& stream) {
  cv::cuda::GpuMat u8;
  log_img.t().convertTo(u8, CV_8U, 255.0 / 12.0, 0.0, stream);
  cv::Mat rows = volume_.rowRange(index * depth_, (index + 1) * depth_);
  u8.download(rows, stream);
  stream.waitForCompletion();
}

bool VolumeWriter::save_raw(const std::string& path) const {
  std::ofstream out(path, std::ios::binary);
  if (!out) return false;
  out.write(reinterpret_cast<const char*>(volume_.data), static_cast<std::streamsize>(volume_.total()));
  return static_cast<bool>(out);
}

bool VolumeWriter::export_slices(const std::string& dir, int step) {
  // en-face (C-scan) slices: one row per B-scan at a fixed depth
  cv::Mat enface(n_bscans_, alines_, CV_8UC1);
  cv::cuda::registerPageLocked(enface);
  for (int z = 0; z < depth_; z += step) {
    for (int b = 0; b < n_bscans_; ++b) volume_.row(b * depth_ + z).copyTo(enface.row(b));
    if (!cv::imwrite(dir + "/enface_" + std::to_string(z) + ".png", enface)) {
      return false;
    }
  }
  cv::cuda::unregisterPageLocked(enface);
  return true;
}

}  // namespace oct
