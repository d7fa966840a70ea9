#include "crf_beam.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace nanocall {

namespace {

const char kBases[4] = {'A', 'C', 'G', 'T'};

// log(1 + exp(-x)) sampled at x = i / 64, shared by every beam search of the process.
const float* log1pexp_table() {
  static const float* table = [] {
    float* p = nullptr;
    if (cudaMallocHost(reinterpret_cast<void**>(&p), 1024 * sizeof(float)) != cudaSuccess) throw std::bad_alloc();
    for (int i = 0; i < 1024; ++i) p[i] = std::log1p(std::exp(-i / 64.0f));
    return p;
  }();
  return table;
}

inline float logaddexp(float a, float b) {
  const float hi = std::max(a, b), d = std::fabs(a - b);
  const int idx = std::min(1023, static_cast<int>(d * 64.0f));
  return hi + log1pexp_table()[idx];
}

struct Beam {
  std::string seq;
  std::vector<uint8_t> moves;
  int state = 0;
  float score = 0.f;
};

}  // namespace

BeamDecoder::BeamDecoder(int max_T, int n_states, int beam_width, float scale)
    : max_T_(max_T), C_(n_states), beam_(beam_width), scale_(scale) {
  posts_ = PinnedPtr(alloc_pinned<float>(static_cast<std::size_t>(max_T) * n_states));
  if (cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking) != cudaSuccess)
    throw std::runtime_error("cudaStreamCreate failed");
}

BeamDecoder::~BeamDecoder() { cudaStreamDestroy(stream_); }

PinnedPtr BeamDecoder::make_posterior_stage(int rows) const {
  return PinnedPtr(alloc_pinned<float>(static_cast<std::size_t>(rows) * C_));
}

DecodeResult BeamDecoder::beam_search(const float* post, int T) const {
  std::vector<Beam> beams(1), next;
  for (int t = 0; t < T; ++t) {
    next.clear();
    const float* row = post + static_cast<std::size_t>(t) * C_;
    for (const Beam& b : beams) {
      Beam stay = b;
      stay.score += row[b.state] * scale_;
      stay.moves.push_back(0);
      next.push_back(std::move(stay));
      for (int base = 0; base < 4; ++base) {
        Beam step = b;
        step.state = ((b.state << 2) | base) % C_;
        step.score = logaddexp(step.score, row[step.state] * scale_);
        step.seq.push_back(kBases[base]);
        step.moves.push_back(1);
        next.push_back(std::move(step));
      }
    }
    std::partial_sort(next.begin(), next.begin() + std::min<std::size_t>(beam_, next.size()), next.end(),
                      [](const Beam& a, const Beam& b) { return a.score > b.score; });
    next.resize(std::min<std::size_t>(beam_, next.size()));
    beams.swap(next);
  }
  DecodeResult r;
  r.seq = beams.front().seq;
  r.moves = beams.front().moves;
  r.qual.resize(r.seq.size());
  return r;
}

void BeamDecoder::fetch_quals(std::vector<DecodeResult>& out, const float* d_qual, int T) {
  for (std::size_t b = 0; b < out.size(); ++b) {
    DecodeResult& r = out[b];
    if (r.qual.empty()) continue;
    const std::size_t bytes = r.qual.size() * sizeof(float);
    if (cudaHostRegister(r.qual.data(), bytes, cudaHostRegisterDefault) != cudaSuccess)
      throw std::runtime_error("page-locking the quality vector failed");
    cudaMemcpyAsync(r.qual.data(), d_qual + b * static_cast<std::size_t>(T), bytes, cudaMemcpyDeviceToHost, stream_);
    cudaStreamSynchronize(stream_);
    cudaHostUnregister(r.qual.data());
  }
}

DecodeResult BeamDecoder::decode_one(const float* d_scores, int T) {
  if (T > max_T_) throw std::invalid_argument("read longer than max_T");
  cudaMemcpyAsync(posts_.get(), d_scores, sizeof(float) * T * C_, cudaMemcpyDeviceToHost, stream_);
  cudaStreamSynchronize(stream_);
  return beam_search(posts_.get(), T);
}

std::vector<DecodeResult> BeamDecoder::decode_batch(const float* d_scores, const float* d_qual, int B, int T) {
  PinnedPtr stage = make_posterior_stage(B * T);
  cudaMemcpyAsync(stage.get(), d_scores, sizeof(float) * B * T * C_, cudaMemcpyDeviceToHost, stream_);
  cudaStreamSynchronize(stream_);
  std::vector<DecodeResult> out(B);
  for (int b = 0; b < B; ++b) out[b] = beam_search(stage.get() + static_cast<std::size_t>(b) * T * C_, T);
  fetch_quals(out, d_qual, T);
  return out;
}

}  // namespace nanocall
