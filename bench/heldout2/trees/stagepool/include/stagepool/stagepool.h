#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "stagepool/host_block.h"
#include "stagepool/pinned_alloc.h"
#include "tinyxfer.h"

namespace stagepool {

struct Batch {
  const float* rows = nullptr;
  int64_t num_rows = 0;
  int64_t row_len = 0;
  std::size_t bytes() const { return sizeof(float) * static_cast<std::size_t>(num_rows * row_len); }
};

class BatchSource {
 public:
  virtual ~BatchSource() = default;
  virtual bool next(Batch& out) = 0;
};

class StagingPool {
 public:
  StagingPool(int count, std::size_t block_bytes);
  HostBlock* acquire();
  void release(HostBlock* b);
  std::size_t block_bytes() const { return block_bytes_; }

 private:
  std::size_t block_bytes_;
  std::vector<std::unique_ptr<HostBlock>> blocks_;
  std::vector<HostBlock*> free_;
  std::mutex mu_;
};

class Uploader {
 public:
  explicit Uploader(StagingPool& pool);
  ~Uploader();
  void upload(const Batch& b, float* d_dst);
  void upload_pooled(const Batch& b, float* d_dst);

 private:
  StagingPool& pool_;
  cudaStream_t stream_{};
};

void resample_weights(const Batch& b, float* d_weights, cudaStream_t s);

struct Options {
  int pool_blocks = 8;
  std::size_t block_bytes = 8u << 20;
  int64_t max_batch = 4096;
  int64_t max_row_len = 1024;
};

class Pipeline {
 public:
  explicit Pipeline(const Options& o);
  ~Pipeline();
  int attach_output(float* host, std::size_t n);
  void run(BatchSource& src);

 private:
  void step(const Batch& b);

  Options opts_;
  StagingPool pool_;
  Uploader uploader_;
  pinned_array<int32_t> labels_;
  tx_handle out_{};
  float* d_rows_ = nullptr;
  float* d_weights_ = nullptr;
  cudaStream_t stream_{};
};

struct Chunk {
  const uint8_t* data = nullptr;
  std::size_t bytes = 0;
  std::size_t decoded_bytes = 0;
};

class Decoder {
 public:
  Decoder();
  ~Decoder();
  void decode_all(const std::vector<Chunk>& chunks, std::vector<std::vector<uint8_t>>& out);
  void checksums(const std::vector<Chunk>& chunks, std::vector<uint32_t>& sums);

 private:
  pinned_vector<uint8_t> header_;
  uint8_t* d_in_ = nullptr;
  uint8_t* d_out_ = nullptr;
  uint32_t* d_partial_ = nullptr;
  cudaStream_t s_{};
};

int load_frames(const char* path, float* d_out, std::size_t n);
void load_table(const char* path, float* d_out, std::size_t n);
void build_gamma_lut(float* d_lut, int n, float gamma);

}  // namespace stagepool
