#include "wsi/tiler.hpp"

#include <opencv2/core/cuda.hpp>
#include <opencv2/cudaarithm.hpp>
#include <opencv2/cudaimgproc.hpp>
#include <opencv2/imgproc.hpp>

#include <cstring>

namespace wsi {

namespace {
// Reference H&E stain matrix (Macenko 2009) and max concentrations.
const cv::Matx23f kRefStains(0.5626f, 0.7201f, 0.4062f, 0.2159f, 0.8012f, 0.5581f);
const cv::Vec2f kRefMaxC(1.9705f, 1.0308f);
}  // namespace

Tiler::Tiler(int tile, int ring_size) : tile_(tile), stain_(tile * tile) {
  ring_.reserve(ring_size);
  for (int frame = 0; frame < ring_size; ++frame)
    ring_.emplace_back(tile, tile, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED);
}

int Tiler::read_tile(Slide& slide, int level, int x, int y, uint8_t* out) {
  cv::cuda::HostMem& slot = ring_[next_slot_++ % ring_.size()];
  cv::Mat m = slot.createMatHeader();
  const int rc = slide.read_region(level, x, y, tile_, tile_, m);
  if (rc != 0) return rc;
  std::memcpy(out, m.data, size_t(tile_) * tile_ * 3);
  return 0;
}

void Tiler::ensure_rgb(int rows, int cols) {
  if (rgb_host_.rows >= rows && rgb_host_.cols >= cols) return;
  rgb_host_ = cv::cuda::HostMem(rows, cols, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED);
}

// Optical density of a tile, -log(I / I0), in a page-locked buffer ready for upload.
cv::cuda::HostMem Tiler::make_od_buffer(const cv::Mat& rgb) {
  cv::cuda::HostMem od(rgb.rows, rgb.cols, CV_32FC3, cv::cuda::HostMem::PAGE_LOCKED);
  cv::Mat m = od.createMatHeader();
  rgb.convertTo(m, CV_32FC3, 1.0 / 255.0, 1.0 / 255.0);
  cv::log(m, m);
  m = -m;
  return od;
}

void Tiler::normalize(const cv::Mat& rgb, cv::Mat& out) {
  cv::cuda::HostMem od = make_od_buffer(rgb);
  cv::cuda::GpuMat g_od;
  g_od.upload(od, stream_);
  const cv::Matx23f stains = stain_.estimate(g_od, stream_);
  (void)tile_stats(g_od, stream_);
  // concentrations in the slide's stain basis, re-coloured with the reference basis
  cv::cuda::GpuMat flat = g_od.reshape(1, rgb.rows * rgb.cols), conc, recon;
  cv::Mat pinv;
  cv::invert(cv::Mat(stains).t(), pinv, cv::DECOMP_SVD);
  cv::cuda::gemm(flat, cv::cuda::GpuMat(pinv.t()), 1.0, cv::cuda::GpuMat(), 0.0, conc, 0, stream_);
  cv::cuda::gemm(conc, cv::cuda::GpuMat(cv::Mat(kRefStains)), -1.0, cv::cuda::GpuMat(), 0.0, recon, 0, stream_);
  cv::cuda::exp(recon, recon, stream_);
  cv::cuda::GpuMat rgb8;
  recon.reshape(3, rgb.rows).convertTo(rgb8, CV_8UC3, 255.0, 0.0, stream_);
  ensure_rgb(rgb.rows, rgb.cols);
  cv::Mat staged = rgb_host_.createMatHeader()(cv::Rect(0, 0, rgb.cols, rgb.rows));
  rgb8.download(staged, stream_);
  stream_.waitForCompletion();
  staged.copyTo(out);
}

float Tiler::tissue_fraction(Slide& slide, int levels) {
  float tissue = 0.f, total = 0.f;
  for (int level = 0; level < levels && level < int(slide.levels.size()); ++level) {
    cv::Mat thumb = slide.read_level(level);
    cv::cuda::registerPageLocked(thumb);
    cv::cuda::GpuMat g, gray, mask;
    g.upload(thumb, stream_);
    cv::cuda::cvtColor(g, gray, cv::COLOR_RGB2GRAY, 0, stream_);
    cv::cuda::threshold(gray, mask, 220, 255, cv::THRESH_BINARY_INV, stream_);
    stream_.waitForCompletion();
    tissue += float(cv::cuda::countNonZero(mask));
    total += float(mask.rows) * mask.cols;
    cv::cuda::unregisterPageLocked(thumb);
  }
  return total > 0 ? tissue / total : 0.f;
}

}  // namespace wsi
