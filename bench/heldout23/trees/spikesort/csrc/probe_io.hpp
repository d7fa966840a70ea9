#pragma once
#include <pybind11/numpy.h>

#include <cstdint>
#include <string>

namespace py = pybind11;

namespace ss {

// Memory-mapped raw .ap.bin reader. The whole mapping is page-locked for the lifetime of the
// reader so chunk uploads can be asynchronous.
class RawReader {
 public:
  RawReader(const std::string& path, int n_channels);
  ~RawReader();
  RawReader(const RawReader&) = delete;
  RawReader& operator=(const RawReader&) = delete;

  void close();
  int64_t n_samples() const { return static_cast<int64_t>(bytes_ / (sizeof(int16_t) * nc_)); }
  // High-pass filters samples [start, start+n) on the GPU and writes them to `out_path`.
  void export_segment(const std::string& out_path, int64_t start, int64_t n);

 private:
  int fd_ = -1;
  void* map_ = nullptr;
  size_t bytes_ = 0;
  int nc_;
  bool registered_ = false;
};

}  // namespace ss
