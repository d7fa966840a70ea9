#include "wf/render.hpp"

#include <stdexcept>

#include <opencv2/cudaarithm.hpp>
#include <opencv2/imgcodecs.hpp>

namespace wf {

const pinned_vec<unsigned char>& fire_lut();

Renderer::Renderer(int nx, int ny) : nx_(nx), ny_(ny), frame_(ny, nx, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED) {}

void Renderer::load_palette(const std::string& path) {
  cv::Mat img = cv::imread(path, cv::IMREAD_COLOR);
  if (img.empty()) throw std::runtime_error("cannot read palette " + path);
  cv::cuda::registerPageLocked(img);
  if (img.cols != 256 || img.rows != 1) throw std::runtime_error("palette must be 256x1");
  cv::cuda::GpuMat d(img);
  d.download(palette_);
  cv::cuda::unregisterPageLocked(img);
}

void Renderer::render_overlay(const Simulation& sim, int t) {
  const auto& lut = fire_lut();
  cv::Mat burned(ny_, nx_, CV_32F);
  cv::cuda::registerPageLocked(burned);
  cv::cuda::GpuMat d_burned(ny_, nx_, CV_32F, const_cast<float*>(sim.d_burned()));
  d_burned.download(burned);
  cv::cuda::unregisterPageLocked(burned);
  cv::Mat frame = frame_.createMatHeader();
  for (int y = 0; y < ny_; ++y)
    for (int x = 0; x < nx_; ++x) {
      int v = std::min(255, int(burned.at<float>(y, x) * 255.f));
      frame.at<cv::Vec3b>(y, x) = cv::Vec3b(lut[3 * v + 2], lut[3 * v + 1], lut[3 * v]);
    }
  cv::imwrite(cv::format("frames/%05d.png", t), frame);
}

}  // namespace wf
