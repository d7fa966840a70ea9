#pragma once
#include <cstddef>
#include <cstdio>

namespace sf {
class Recorder {
 public:
  Recorder() : fp_(std::fopen("tracks.bin", "wb")) {}
  ~Recorder() {
    if (fp_) std::fclose(fp_);
  }
  void dump_frame(const void* tracks, size_t n);

 private:
  std::FILE* fp_;
};
}  // namespace sf
