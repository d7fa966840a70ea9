#include <opencv2/imgcodecs.hpp>

#include <cstdint>
#include <stdexcept>

#include "weedspot.hpp"

namespace weedspot {

namespace {
std::uint32_t crc32(const cv::Mat& m) {
  std::uint32_t crc = 0xffffffffu;
  const auto* p = m.ptr<unsigned char>();
  const std::size_t n = m.total() * m.elemSize();
  for (std::size_t i = 0; i < n; ++i) {
    crc ^= p[i];
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}
}  // namespace

CalibData load_calibration(const std::string& path) {
  cv::FileStorage fs(path, cv::FileStorage::READ);
  if (!fs.isOpened()) throw std::runtime_error("cannot open calibration " + path);
  CalibData d;
  fs["camera_matrix"] >> d.K;
  fs["distortion"] >> d.dist;
  fs["ground_lut"] >> d.ground_lut;
  if (d.ground_lut.empty() || !d.ground_lut.isContinuous()) throw std::runtime_error(path + ": no ground LUT");
  cv::cuda::registerPageLocked(d.ground_lut);
  const auto want = static_cast<std::uint32_t>(static_cast<double>(fs["ground_lut_crc32"]));
  if (crc32(d.ground_lut) != want) {
    throw std::runtime_error(path + ": ground LUT checksum mismatch (stale calibration?)");
  }
  d.d_ground_lut.upload(d.ground_lut);
  cv::cuda::unregisterPageLocked(d.ground_lut);
  return d;
}

// Field mosaic (one pixel per 2 cm) with sprayed cells tinted, written at the end of a pass.
void export_mosaic(const std::string& path, cv::Mat& mosaic) {
  cv::cuda::registerPageLocked(mosaic);
  try {
    cv::cuda::GpuMat d(mosaic);
    cv::cuda::GpuMat small;
    cv::cuda::Stream s;
    d.download(mosaic, s);
    s.waitForCompletion();
    if (!cv::imwrite(path, mosaic, {cv::IMWRITE_PNG_COMPRESSION, 3})) {
      throw std::runtime_error("cannot write mosaic " + path);
    }
  } catch (...) {
    cv::cuda::unregisterPageLocked(mosaic);
    throw;
  }
  cv::cuda::unregisterPageLocked(mosaic);
}

}  // namespace weedspot
