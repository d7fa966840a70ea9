#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <vector>

namespace nanocall {

struct PinnedFree {
  void operator()(float* p) const noexcept {
    if (p) cudaFreeHost(p);
  }
};
using PinnedPtr = std::unique_ptr<float, PinnedFree>;

template <typename T>
T* alloc_pinned(std::size_t n) {
  void* p = nullptr;
  if (cudaMallocHost(&p, n * sizeof(T)) != cudaSuccess) throw std::bad_alloc();
  return static_cast<T*>(p);
}

struct DecodeResult {
  std::string seq;
  std::vector<uint8_t> moves;
  std::vector<float> qual;
};

// CRF beam search over the network's transition scores (5-mer states, 4 bases).
class BeamDecoder {
 public:
  BeamDecoder(int max_T, int n_states, int beam_width, float scale);
  ~BeamDecoder();
  DecodeResult decode_one(const float* d_scores, int T);
  std::vector<DecodeResult> decode_batch(const float* d_scores, const float* d_qual, int B, int T);

 private:
  PinnedPtr make_posterior_stage(int rows) const;
  DecodeResult beam_search(const float* post, int T) const;
  void fetch_quals(std::vector<DecodeResult>& out, const float* d_qual, int T);

  int max_T_;
  int C_;
  int beam_;
  float scale_;
  PinnedPtr posts_;
  cudaStream_t stream_ = nullptr;
};

}  // namespace nanocall
