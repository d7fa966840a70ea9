// Fluorescence traces: weighted sums of each ROI mask over a chunk of corrected frames.
#include <opencv2/core/cuda.hpp>
#include <opencv2/cudaarithm.hpp>

#include "calcimg.hpp"

namespace calcimg {

std::vector<std::vector<float>> MotionCorrector::extract_traces(cv::Mat& movie,
                                                                const std::vector<cv::Mat>& masks) {
  // movie: (T, rows*cols) float32, one corrected frame per row
  cv::cuda::registerPageLocked(movie);
  if (masks.empty()) {
    return {};
  }
  cv::Mat weights(static_cast<int>(masks.size()), movie.cols, CV_32F);
  for (int r = 0; r < weights.rows; ++r) {
    cv::Mat m = masks[r].reshape(1, 1);
    m.convertTo(weights.row(r), CV_32F, 1.0 / std::max(1.0, cv::sum(m)[0]));
  }
  cv::cuda::GpuMat d_movie, d_w, d_out;
  d_movie.upload(movie, stream_);
  d_w.upload(weights, stream_);
  cv::cuda::gemm(d_w, d_movie, 1.0, cv::cuda::GpuMat(), 0.0, d_out, cv::GEMM_2_T, stream_);
  cv::Mat out;
  d_out.download(out, stream_);
  stream_.waitForCompletion();
  cv::cuda::unregisterPageLocked(movie);

  std::vector<std::vector<float>> traces(out.rows);
  for (int r = 0; r < out.rows; ++r) {
    traces[r].assign(out.ptr<float>(r), out.ptr<float>(r) + out.cols);
    float f0 = *std::min_element(traces[r].begin(), traces[r].end());
    for (float& v : traces[r]) v = (v - f0) / std::max(f0, 1e-3f);
  }
  return traces;
}

}  // namespace calcimg
