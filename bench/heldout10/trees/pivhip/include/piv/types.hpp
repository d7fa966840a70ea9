#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace piv {

struct Image {
  int width = 0;
  int height = 0;
  const uint16_t* pixels = nullptr;
};

struct FramePair {
  uint64_t index = 0;
  Image a, b;
  double dt = 1e-3;  // seconds between the two exposures
};

struct VectorField {
  int nx = 0, ny = 0;
  std::vector<float> x, y, u, v;
  std::vector<uint8_t> valid;
  std::size_t size() const { return static_cast<std::size_t>(nx) * ny; }
};

struct PivConfig {
  int width = 2048;
  int height = 2048;
  int window = 16;        // final interrogation window
  int overlap = 8;
  int passes = 3;         // window halves every pass, coarse to fine
  std::size_t max_vectors = 65536;
  bool smooth = true;
  std::string calib_path = "calib.bin";
  std::string out_path = "vectors.bin";
  std::vector<std::string> sinks{"h5"};
};

class ImageSource {
 public:
  virtual ~ImageSource() = default;
  virtual bool next(FramePair& pair) = 0;
};

struct Calibration {
  std::array<float, 20> poly{};  // image -> world polynomial, x and y
  float* d_poly = nullptr;
  float mm_per_px = 1.f;
};

bool load_calibration(const std::string& path, Calibration* out);
VectorField make_grid(const PivConfig& cfg);

}  // namespace piv
