// C API for the Python side (ctypes).
#include <cuda_runtime.h>

#include <cmath>
#include <memory>
#include <new>

#include "wsi/tiler.hpp"

struct wsi_engine {
  wsi::Tiler tiler;
  float* icc_lut = nullptr;  // scanner ICC curve per channel, read by the colour kernels
};

struct wsi_slide {
  std::shared_ptr<wsi::Slide> slide;
};

extern "C" wsi_engine* wsi_engine_create(int tile, int ring) {
  auto* e = new (std::nothrow) wsi_engine{wsi::Tiler(tile, ring)};
  if (!e) return nullptr;
  if (cudaHostAlloc(reinterpret_cast<void**>(&e->icc_lut), 3 * 256 * sizeof(float), cudaHostAllocWriteCombined) !=
      cudaSuccess) {
    delete e;
    return nullptr;
  }
  for (int c = 0; c < 3; ++c)
    for (int i = 0; i < 256; ++i) e->icc_lut[c * 256 + i] = std::pow(i / 255.f, 1.f / (2.2f - 0.05f * c));
  return e;
}

extern "C" void wsi_engine_destroy(wsi_engine* e) {
  if (!e) return;
  cudaFreeHost(e->icc_lut);
  delete e;
}

extern "C" wsi_slide* wsi_open(const char* path) {
  try {
    return new wsi_slide{wsi::open_slide(path)};
  } catch (const std::exception&) {
    return nullptr;
  }
}

extern "C" void wsi_close(wsi_slide* s) { delete s; }

extern "C" int wsi_level_dims(wsi_slide* s, int level, int* w, int* h) {
  if (level >= int(s->slide->levels.size())) return -1;
  *w = s->slide->levels[level].width;
  *h = s->slide->levels[level].height;
  return 0;
}

extern "C" int wsi_read_tile(wsi_engine* e, wsi_slide* s, int level, int x, int y, unsigned char* out) {
  return e->tiler.read_tile(*s->slide, level, x, y, out);
}

extern "C" int wsi_normalize(wsi_engine* e, const unsigned char* rgb, int h, int w, unsigned char* out) {
  cv::Mat in(h, w, CV_8UC3, const_cast<unsigned char*>(rgb)), res(h, w, CV_8UC3, out);
  try {
    e->tiler.normalize(in, res);
  } catch (const cv::Exception&) {
    return -1;
  }
  return 0;
}

extern "C" float wsi_tissue_fraction(wsi_engine* e, wsi_slide* s, int levels) {
  return e->tiler.tissue_fraction(*s->slide, levels);
}
