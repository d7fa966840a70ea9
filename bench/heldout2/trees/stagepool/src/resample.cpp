#include <cmath>

#include "stagepool/stagepool.h"

namespace stagepool {

// Importance weights from the first feature of every row, normalised to sum to one.
void resample_weights(const Batch& b, float* d_weights, cudaStream_t s) {
  auto w = make_pinned<float>(static_cast<std::size_t>(b.num_rows));
  double total = 0.0;
  for (int64_t i = 0; i < b.num_rows; ++i) {
    const float* r = b.rows + i * b.row_len;
    w[i] = std::exp(-std::fabs(r[0]));
    total += w[i];
  }
  const float inv = total > 0.0 ? static_cast<float>(1.0 / total) : 0.0f;
  for (int64_t i = 0; i < b.num_rows; ++i) w[i] *= inv;
  cudaMemcpyAsync(d_weights, w.get(), sizeof(float) * b.num_rows, cudaMemcpyHostToDevice, s);
  cudaStreamSynchronize(s);
}

}  // namespace stagepool
