#pragma once
#include <opencv2/core.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace wsi {

struct Level {
  int width = 0, height = 0;
  int tile_w = 0, tile_h = 0;
  std::vector<uint64_t> offsets;  // JPEG tile offsets in the file
  std::vector<uint32_t> sizes;
};

struct Slide {
  std::string path;
  std::vector<uint8_t> header;  // the container header incl. the tile directories
  std::vector<Level> levels;
  int fd = -1;
  ~Slide();
  int read_region(int level, int x, int y, int w, int h, cv::Mat& out);
  cv::Mat read_level(int level);
};

std::shared_ptr<Slide> open_slide(const std::string& path);

}  // namespace wsi
