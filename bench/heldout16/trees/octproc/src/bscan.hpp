#pragma once
#include <string>
#include <utility>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>

namespace oct {

struct ScanGeometry {
  int alines;
  int samples;
  int depth;
};

class BscanProcessor {
 public:
  explicit BscanProcessor(const ScanGeometry& g);

  void set_k_linearization(const std::vector<float>& k_index);
  void load_background(const std::string& path);
  void set_dispersion(double a2, double a3);
  std::pair<double, double> calibrate_dispersion(const cv::Mat& mirror, const std::vector<double>& a2_grid);

  void upload(const cv::Mat& raw_u16);
  void process();
  cv::cuda::HostMem process_to_host();
  cv::Mat doppler_to_host(int rows);
  const cv::cuda::GpuMat& log_image() const { return d_log_; }
  cv::cuda::Stream& stream() { return stream_; }
  const ScanGeometry& geometry() const { return g_; }

 private:
  void ensure_scratch(int rows);

  ScanGeometry g_;
  cv::cuda::Stream stream_;
  cv::cuda::HostMem raw_;
  cv::cuda::HostMem scratch_;
  cv::cuda::GpuMat d_raw_, d_bg_, d_klin_, d_spec_, d_log_, d_phase_;
  double a2_ = 0.0;
  double a3_ = 0.0;
};

}  // namespace oct
