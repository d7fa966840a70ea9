#include "ctc_beam.h"

#include <algorithm>
#include <cmath>

#include <cuda_runtime.h>

namespace {
float log_add(float a, float b) {
  if (a < b) std::swap(a, b);
  return a + std::log1p(std::exp(b - a));
}
}  // namespace

CtcBeamSearch::CtcBeamSearch(int beam, int vocab, int max_streams, std::shared_ptr<NgramLm> lm)
    : beam_(beam), vocab_(vocab), max_streams_(max_streams), lm_(std::move(lm)) {
  const size_t bytes = sizeof(float) * size_t(beam) * vocab * max_streams;
  ASR_CUDA_OK(cudaHostAlloc(reinterpret_cast<void**>(&scores_), bytes, cudaHostAllocPortable));
}

CtcBeamSearch::~CtcBeamSearch() {
  cudaFreeHost(scores_);
  if (prefix_) cudaFreeHost(prefix_);
}

void CtcBeamSearch::ensure_prefix_capacity(size_t n) {
  if (n <= prefix_cap_) return;
  if (prefix_) cudaFreeHost(prefix_);
  prefix_ = nullptr;
  prefix_cap_ = 0;
  ASR_CUDA_OK(cudaMallocHost(reinterpret_cast<void**>(&prefix_), n * sizeof(int32_t)));
  prefix_cap_ = n;
}

int CtcBeamSearch::open_stream() {
  const int sid = next_id_++;
  streams_[sid] = {Beam{}};
  return sid;
}

void CtcBeamSearch::close_stream(int sid) { streams_.erase(sid); }

void CtcBeamSearch::advance(int sid, const at::Tensor& logits) {
  auto& beams = streams_.at(sid);
  auto lp = logits.log_softmax(-1).contiguous();
  const float* x = lp.data_ptr<float>();
  const int64_t T = lp.size(0);
  size_t longest = 0;
  for (auto& b : beams) longest = std::max(longest, b.prefix.size());
  ensure_prefix_capacity((longest + T) * beams.size() * 2);
  float* slot = scores_ + size_t(sid % max_streams_) * beam_ * vocab_;
  for (int64_t t = 0; t < T; ++t) {
    std::vector<Beam> next;
    for (auto& b : beams) {
      Beam blank = b;
      blank.p_blank = log_add(b.p_blank, b.p_nonblank) + x[t * vocab_];
      next.push_back(blank);
      for (int v = 1; v < vocab_; ++v) {
        Beam ext = b;
        ext.prefix.push_back(v);
        float lm = lm_ ? lm_->score(b.prefix.data(), int(b.prefix.size()), v) : 0.f;
        ext.p_nonblank = b.p_blank + x[t * vocab_ + v] + 0.3f * lm;
        ext.p_blank = -1e30f;
        next.push_back(std::move(ext));
      }
    }
    std::partial_sort(next.begin(), next.begin() + std::min<size_t>(beam_, next.size()), next.end(),
                      [](const Beam& a, const Beam& b) {
                        return log_add(a.p_blank, a.p_nonblank) > log_add(b.p_blank, b.p_nonblank);
                      });
    next.resize(std::min<size_t>(beam_, next.size()));
    for (size_t i = 0; i < next.size(); ++i) slot[i] = log_add(next[i].p_blank, next[i].p_nonblank);
    beams = std::move(next);
  }
}

std::string CtcBeamSearch::best_text(int sid) const {
  const auto& b = streams_.at(sid).front();
  std::string s;
  for (int32_t t : b.prefix) s += std::to_string(t) + ' ';
  return s;
}

std::vector<std::pair<std::vector<int32_t>, float>> CtcBeamSearch::finalize(int sid) {
  std::vector<std::pair<std::vector<int32_t>, float>> out;
  for (auto& b : streams_.at(sid)) out.emplace_back(b.prefix, log_add(b.p_blank, b.p_nonblank));
  return out;
}
