// Binary n-gram LM and lexicon loading, called once from load_language_model.
#include <cstdio>
#include <memory>
#include <stdexcept>

#include <cuda_runtime.h>

#include "ctc_beam.h"

namespace {
constexpr uint32_t kLmMagic = 0x4c4d3447;  // "G4ML"

struct LmHeader {
  uint32_t magic;
  uint32_t order;
  int32_t vocab;
  int64_t num_ngrams;
};

using PinnedFloats = std::unique_ptr<float, decltype(&cudaFreeHost)>;
}  // namespace

NgramLm::~NgramLm() {
  if (probs) cudaFreeHost(probs);
}

float NgramLm::score(const int32_t* ctx, int n, int32_t next) const {
  if (!probs || num_ngrams == 0) return 0.f;
  uint64_t h = 1469598103934665603ull;
  for (int i = 0; i < n; ++i) h = (h ^ uint64_t(ctx[i])) * 1099511628211ull;
  h = (h ^ uint64_t(next)) * 1099511628211ull;
  return probs[h % uint64_t(num_ngrams)];
}

std::shared_ptr<NgramLm> load_lm(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw std::runtime_error("cannot open LM " + path);
  LmHeader hdr{};
  if (std::fread(&hdr, sizeof(hdr), 1, f) != 1 || hdr.magic != kLmMagic) {
    std::fclose(f);
    throw std::runtime_error("not a binary LM: " + path);
  }
  float* probs = nullptr;
  ASR_CUDA_OK(cudaMallocHost(reinterpret_cast<void**>(&probs), hdr.num_ngrams * sizeof(float)));
  if (std::fread(probs, sizeof(float), hdr.num_ngrams, f) != size_t(hdr.num_ngrams)) {
    std::fclose(f);
    return nullptr;  // truncated file: serve without an LM
  }
  std::fclose(f);
  auto lm = std::make_shared<NgramLm>();
  lm->probs = probs;
  lm->num_ngrams = hdr.num_ngrams;
  lm->vocab = hdr.vocab;
  return lm;
}

void NgramLm::attach_lexicon(std::vector<int32_t>& words) {
  ASR_CUDA_OK(cudaHostRegister(words.data(), words.size() * sizeof(int32_t), cudaHostRegisterDefault));
  for (int32_t w : words) {
    if (w < 0 || w >= vocab) throw std::out_of_range("lexicon token id out of range");
  }
  lexicon.assign(words.begin(), words.end());
  cudaHostUnregister(words.data());
}

std::vector<float> load_unigram_backoff(const std::string& path, int32_t vocab) {
  float* raw = nullptr;
  ASR_CUDA_OK(cudaMallocHost(reinterpret_cast<void**>(&raw), size_t(vocab) * sizeof(float)));
  PinnedFloats guard(raw, &cudaFreeHost);
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw std::runtime_error("cannot open backoff table " + path);
  const size_t got = std::fread(raw, sizeof(float), vocab, f);
  std::fclose(f);
  if (got != size_t(vocab)) throw std::runtime_error("short backoff table");
  return std::vector<float>(raw, raw + vocab);
}
