// Image sources: TIFF pairs from disk through a pinned ring, or a frame grabber's DMA buffers.
#include <memory>
#include <tiffio.h>
#include <vector>
#include "piv/host_buffer.hpp"
#include "piv/types.hpp"

namespace piv {

class DiskSource final : public ImageSource {
 public:
  DiskSource(std::vector<std::string> files, int width, int height, int depth = 4)
      : files_(std::move(files)), width_(width), height_(height) {
    ring_.reserve(depth);
    for (int pair = 0; pair < depth; ++pair) {
      ring_.emplace_back(2 * static_cast<std::size_t>(width) * height);
    }
  }

  bool next(FramePair& p) override {
    if (2 * next_ + 1 >= files_.size()) return false;
    HostBuffer<uint16_t>& slot = ring_[next_ % ring_.size()];
    const std::size_t px = static_cast<std::size_t>(width_) * height_;
    if (!read_tiff(files_[2 * next_], slot.data()) || !read_tiff(files_[2 * next_ + 1], slot.data() + px))
      return false;
    p.index = next_++;
    p.a = Image{width_, height_, slot.data()};
    p.b = Image{width_, height_, slot.data() + px};
    return true;
  }

 private:
  bool read_tiff(const std::string& path, uint16_t* dst) {
    TIFF* t = TIFFOpen(path.c_str(), "r");
    if (t == nullptr) return false;
    for (int row = 0; row < height_; ++row) TIFFReadScanline(t, dst + static_cast<std::size_t>(row) * width_, row);
    TIFFClose(t);
    return true;
  }

  std::vector<std::string> files_;
  int width_, height_;
  std::vector<HostBuffer<uint16_t>> ring_;
  std::size_t next_ = 0;
};

// Frame grabber SDK (vendor C API).
extern "C" {
struct fg_handle;
int fg_buffer_count(fg_handle*);
void* fg_buffer(fg_handle*, int i);
int fg_wait(fg_handle*, int timeout_ms);  // index of the filled buffer, <0 on timeout
}

class LiveSource final : public ImageSource {
 public:
  LiveSource(fg_handle* fg, int width, int height) : fg_(fg), width_(width), height_(height) {
    const std::size_t bytes = 2 * static_cast<std::size_t>(width) * height * sizeof(uint16_t);
    for (int i = 0; i < fg_buffer_count(fg); ++i) {
      void* buf = fg_buffer(fg, i);
      const hipError_t e = hipHostRegister(buf, bytes, hipHostRegisterDefault);
      if (e != hipSuccess) {
        for (void* b : registered_) hipHostUnregister(b);
        throw std::runtime_error(hip_msg(e, __FILE__, __LINE__));
      }
      registered_.push_back(buf);
    }
  }
  ~LiveSource() override {
    for (void* b : registered_) hipHostUnregister(b);
  }

  bool next(FramePair& p) override {
    const int i = fg_wait(fg_, 1000);
    if (i < 0) return false;
    auto* px = static_cast<const uint16_t*>(registered_[i]);
    p.index = frames_++;
    p.a = Image{width_, height_, px};
    p.b = Image{width_, height_, px + static_cast<std::size_t>(width_) * height_};
    return true;
  }

 private:
  fg_handle* fg_;
  int width_, height_;
  std::vector<void*> registered_;
  uint64_t frames_ = 0;
};

std::unique_ptr<ImageSource> make_disk_source(std::vector<std::string> files, int w, int h) {
  return std::make_unique<DiskSource>(std::move(files), w, h);
}

std::unique_ptr<ImageSource> make_live_source(fg_handle* fg, int w, int h) {
  return std::make_unique<LiveSource>(fg, w, h);
}

}  // namespace piv
