#include <opencv2/cudaarithm.hpp>
#include <opencv2/imgcodecs.hpp>

#include "visionpipe/preprocess.hpp"

namespace vp {

TileCache::TileCache(std::vector<cv::Mat>& tiles) : tiles_(tiles) {
  for (auto& t : tiles_) cv::cuda::registerPageLocked(t);
}

TileCache::~TileCache() {
  for (auto& t : tiles_) cv::cuda::unregisterPageLocked(t);
}

void upload_tiles(const std::vector<cv::Mat>& tiles, std::vector<cv::cuda::GpuMat>& out,
                  cv::cuda::Stream& s) {
  out.resize(tiles.size());
  for (size_t i = 0; i < tiles.size(); ++i) {
    cv::cuda::HostMem h(tiles[i], cv::cuda::HostMem::PAGE_LOCKED);
    out[i].upload(h, s);
    s.waitForCompletion();
  }
}

bool export_mosaic(const cv::Mat& mosaic, const std::string& path) {
  cv::Mat m = mosaic.isContinuous() ? mosaic.clone() : mosaic.clone().reshape(0, mosaic.rows);
  cv::cuda::registerPageLocked(m);
  cv::cuda::GpuMat g(m);
  cv::cuda::GpuMat flipped;
  cv::cuda::flip(g, flipped, 0);
  flipped.download(m);
  if (!cv::imwrite(path, m)) return false;
  cv::cuda::unregisterPageLocked(m);
  return true;
}

}  // namespace vp
