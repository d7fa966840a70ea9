#include "stagepool/stagepool.h"

namespace stagepool {

Pipeline::Pipeline(const Options& o)
    : opts_(o),
      pool_(o.pool_blocks, o.block_bytes),
      uploader_(pool_),
      labels_(make_pinned<int32_t>(static_cast<std::size_t>(o.max_batch))) {
  cudaMalloc(&d_rows_, sizeof(float) * o.max_batch * o.max_row_len);
  cudaMalloc(&d_weights_, sizeof(float) * o.max_batch);
  cudaStreamCreate(&stream_);
}

Pipeline::~Pipeline() {
  if (out_.ptr != nullptr) tx_unregister(&out_);
  cudaFree(d_rows_);
  cudaFree(d_weights_);
  cudaStreamDestroy(stream_);
}

int Pipeline::attach_output(float* host, std::size_t n) {
  return tx_register(host, n * sizeof(float), &out_);
}

void Pipeline::run(BatchSource& src) {
  Batch b;
  while (src.next(b)) {
    if (b.bytes() <= pool_.block_bytes()) {
      uploader_.upload_pooled(b, d_rows_);
    } else {
      uploader_.upload(b, d_rows_);
    }
    resample_weights(b, d_weights_, stream_);
    step(b);
  }
}

void Pipeline::step(const Batch& b) {
  for (int64_t i = 0; i < b.num_rows; ++i) labels_[i] = static_cast<int32_t>(i % 7);
  cudaStreamSynchronize(stream_);
  if (out_.ptr != nullptr) {
    cudaMemcpyAsync(out_.ptr, d_weights_, sizeof(float) * b.num_rows, cudaMemcpyDeviceToHost, stream_);
  }
}

}  // namespace stagepool
