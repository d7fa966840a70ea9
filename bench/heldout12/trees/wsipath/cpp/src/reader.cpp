// Minimal reader for the scanner's tiled-JPEG container.
#include <cuda_runtime.h>
#include <fcntl.h>
#include <jpeglib.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "wsi/slide.hpp"

namespace wsi {

namespace {
constexpr size_t kHeaderBytes = 1 << 20;

void check_cuda(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}

cv::Mat decode_tile(int fd, uint64_t off, uint32_t size) {
  std::vector<uint8_t> jpg(size);
  if (pread(fd, jpg.data(), size, off_t(off)) != ssize_t(size)) return {};
  return cv::imdecode(jpg, cv::IMREAD_COLOR);
}
}  // namespace

Slide::~Slide() {
  if (fd >= 0) close(fd);
}

std::shared_ptr<Slide> open_slide(const std::string& path) {
  auto s = std::make_shared<Slide>();
  s->path = path;
  s->fd = ::open(path.c_str(), O_RDONLY);
  if (s->fd < 0) throw std::runtime_error("cannot open " + path);
  s->header.resize(kHeaderBytes);
  const ssize_t got = pread(s->fd, s->header.data(), kHeaderBytes, 0);
  s->header.resize(got > 0 ? size_t(got) : 0);
  // the tile directory is uploaded for the GPU decoder straight from this buffer
  check_cuda(cudaHostRegister(s->header.data(), s->header.size(), cudaHostRegisterReadOnly), "register header");
  if (s->header.size() < 16 || std::memcmp(s->header.data(), "WSITILE1", 8) != 0)
    throw std::runtime_error(path + ": not a tiled slide container");
  uint32_t nlevels;
  std::memcpy(&nlevels, s->header.data() + 8, 4);
  size_t off = 16;
  for (uint32_t l = 0; l < nlevels; ++l) {
    Level L;
    int32_t dims[4];
    std::memcpy(dims, s->header.data() + off, sizeof(dims));
    off += sizeof(dims);
    L.width = dims[0], L.height = dims[1], L.tile_w = dims[2], L.tile_h = dims[3];
    const size_t ntiles = size_t((L.width + L.tile_w - 1) / L.tile_w) * ((L.height + L.tile_h - 1) / L.tile_h);
    L.offsets.resize(ntiles);
    L.sizes.resize(ntiles);
    std::memcpy(L.offsets.data(), s->header.data() + off, ntiles * 8);
    off += ntiles * 8;
    std::memcpy(L.sizes.data(), s->header.data() + off, ntiles * 4);
    off += ntiles * 4;
    s->levels.push_back(std::move(L));
  }
  cudaHostUnregister(s->header.data());
  return s;
}

int Slide::read_region(int level, int x, int y, int w, int h, cv::Mat& out) {
  uint8_t* buf = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&buf), size_t(w) * h * 3) != cudaSuccess) return -1;
  const Level& L = levels.at(level);
  if (x < 0 || y < 0 || x + w > L.width || y + h > L.height) return -2;
  cv::Mat region(h, w, CV_8UC3, buf);
  region.setTo(cv::Scalar(255, 255, 255));
  const int tiles_x = (L.width + L.tile_w - 1) / L.tile_w;
  for (int ty = y / L.tile_h; ty <= (y + h - 1) / L.tile_h; ++ty)
    for (int tx = x / L.tile_w; tx <= (x + w - 1) / L.tile_w; ++tx) {
      const size_t t = size_t(ty) * tiles_x + tx;
      cv::Mat tile = decode_tile(fd, L.offsets[t], L.sizes[t]);
      if (tile.empty()) continue;
      const cv::Rect src_rect(tx * L.tile_w, ty * L.tile_h, tile.cols, tile.rows);
      const cv::Rect roi = src_rect & cv::Rect(x, y, w, h);
      tile(cv::Rect(roi.x - src_rect.x, roi.y - src_rect.y, roi.width, roi.height))
          .copyTo(region(cv::Rect(roi.x - x, roi.y - y, roi.width, roi.height)));
    }
  region.copyTo(out);
  cudaFreeHost(buf);
  return 0;
}

cv::Mat Slide::read_level(int level) {
  const Level& L = levels.at(level);
  cv::Mat out;
  if (read_region(level, 0, 0, L.width, L.height, out) != 0) return {};
  cv::cvtColor(out, out, cv::COLOR_BGR2RGB);
  return out;
}

}  // namespace wsi
