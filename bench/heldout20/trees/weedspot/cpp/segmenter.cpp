#include <opencv2/cudaarithm.hpp>
#include <opencv2/cudaimgproc.hpp>

#include "weedspot.hpp"

namespace weedspot {

namespace {
// ExG = 2g - r - b on normalised channels, thresholded.
void excess_green(const cv::cuda::GpuMat& bgr, cv::cuda::GpuMat& mask, float thr, cv::cuda::Stream& s) {
  std::vector<cv::cuda::GpuMat> ch;
  cv::cuda::split(bgr, ch, s);
  cv::cuda::GpuMat b, g, r, exg;
  ch[0].convertTo(b, CV_32F, 1.0 / 255, s);
  ch[1].convertTo(g, CV_32F, 2.0 / 255, s);
  ch[2].convertTo(r, CV_32F, 1.0 / 255, s);
  cv::cuda::subtract(g, r, exg, cv::noArray(), -1, s);
  cv::cuda::subtract(exg, b, exg, cv::noArray(), -1, s);
  cv::cuda::threshold(exg, exg, thr, 255.0, cv::THRESH_BINARY, s);
  exg.convertTo(mask, CV_8U, 1.0, s);
}
}  // namespace

TileSegmenter::TileSegmenter(int tile, float exg_threshold, int row_spacing_px)
    : tile_(tile), thr_(exg_threshold), row_spacing_(row_spacing_px) {}

void TileSegmenter::ensure_output(int rows, int cols) {
  if (out_.rows < rows || out_.cols < cols) {
    out_ = cv::cuda::HostMem(std::max(rows, out_.rows), std::max(cols, out_.cols), CV_8UC1,
                             cv::cuda::HostMem::PAGE_LOCKED);
  }
}

std::vector<TileResult> TileSegmenter::segment(const cv::Mat& frame) {
  std::vector<TileResult> results;
  cv::cuda::GpuMat d_tile, d_mask;
  for (int r = 0; r + tile_ <= frame.rows; r += tile_) {
    for (int c = 0; c + tile_ <= frame.cols; c += tile_) {
      cv::cuda::HostMem staged(tile_, tile_, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED);
      frame(cv::Rect(c, r, tile_, tile_)).copyTo(staged.createMatHeader());
      d_tile.upload(staged, stream_);
      excess_green(d_tile, d_mask, thr_, stream_);
      stream_.waitForCompletion();
      const float frac = static_cast<float>(cv::cuda::countNonZero(d_mask)) / (tile_ * tile_);
      results.push_back({r / tile_, c / tile_, frac});
    }
  }
  return results;
}

cv::Mat TileSegmenter::mask(const cv::Mat& frame) {
  ensure_output(frame.rows, frame.cols);
  cv::cuda::GpuMat d_frame, d_mask;
  d_frame.upload(frame, stream_);
  excess_green(d_frame, d_mask, thr_, stream_);
  cv::Mat host = out_.createMatHeader()(cv::Rect(0, 0, frame.cols, frame.rows));
  d_mask.download(host, stream_);
  stream_.waitForCompletion();
  // Crop rows run vertically in the rectified frame; blank a band around each row centre.
  const int half = row_spacing_ / 6;
  for (int x = row_spacing_ / 2; x < frame.cols; x += row_spacing_) {
    const int x0 = std::max(0, x - half), x1 = std::min(frame.cols, x + half);
    host(cv::Rect(x0, 0, x1 - x0, frame.rows)).setTo(0);
  }
  return host.clone();
}

}  // namespace weedspot
