#include <cstring>

#include "stagepool/stagepool.h"

namespace stagepool {

Uploader::Uploader(StagingPool& pool) : pool_(pool) {
  cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking);
}

Uploader::~Uploader() { cudaStreamDestroy(stream_); }

static void pack_rows(const Batch& b, float* dst) { std::memcpy(dst, b.rows, b.bytes()); }

void Uploader::upload_pooled(const Batch& b, float* d_dst) {
  HostBlock* blk = pool_.acquire();
  if (blk == nullptr) {
    upload(b, d_dst);
    return;
  }
  pack_rows(b, static_cast<float*>(blk->data()));
  cudaMemcpyAsync(d_dst, blk->data(), b.bytes(), cudaMemcpyHostToDevice, stream_);
  cudaStreamSynchronize(stream_);
  pool_.release(blk);
}

void Uploader::upload(const Batch& b, float* d_dst) {
  HostBlock tmp(b.bytes());
  pack_rows(b, static_cast<float*>(tmp.data()));
  cudaMemcpyAsync(d_dst, tmp.data(), b.bytes(), cudaMemcpyHostToDevice, stream_);
  cudaStreamSynchronize(stream_);
}

}  // namespace stagepool
