#pragma once
#include <torch/extension.h>

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#define ASR_CUDA_OK(expr)                                                         \
  do {                                                                            \
    cudaError_t err_ = (expr);                                                    \
    if (err_ != cudaSuccess) throw std::runtime_error(cudaGetErrorString(err_));  \
  } while (0)

struct NgramLm {
  float* probs = nullptr;
  int64_t num_ngrams = 0;
  int32_t vocab = 0;
  std::vector<int32_t> lexicon;
  ~NgramLm();
  float score(const int32_t* ctx, int n, int32_t next) const;
  void attach_lexicon(std::vector<int32_t>& words);
};

std::shared_ptr<NgramLm> load_lm(const std::string& path);
std::vector<float> load_unigram_backoff(const std::string& path, int32_t vocab);

at::Tensor fbank(const at::Tensor& wav, const at::Tensor& carry, int64_t num_bins, int64_t shift);

struct Beam {
  std::vector<int32_t> prefix;
  float p_blank = 0.f, p_nonblank = -1e30f;
};

class CtcBeamSearch {
 public:
  CtcBeamSearch(int beam, int vocab, int max_streams, std::shared_ptr<NgramLm> lm);
  ~CtcBeamSearch();
  CtcBeamSearch(const CtcBeamSearch&) = delete;
  CtcBeamSearch& operator=(const CtcBeamSearch&) = delete;

  int open_stream();
  void close_stream(int sid);
  void advance(int sid, const at::Tensor& logits);
  std::string best_text(int sid) const;
  std::vector<std::pair<std::vector<int32_t>, float>> finalize(int sid);

 private:
  void ensure_prefix_capacity(size_t n);

  int beam_, vocab_, max_streams_;
  int next_id_ = 0;
  std::shared_ptr<NgramLm> lm_;
  float* scores_ = nullptr;      // [max_streams, beam, vocab]
  int32_t* prefix_ = nullptr;    // flattened prefixes of one advance
  size_t prefix_cap_ = 0;
  std::unordered_map<int, std::vector<Beam>> streams_;
};
