#include <torch/library.h>
#include <ATen/ATen.h>

#include <vector>

at::Tensor viterbi_decode_cuda(const at::Tensor& emissions, const at::Tensor& transitions, const at::Tensor& lengths);
int64_t load_gazetteer(const std::string& path);
at::Tensor gazetteer_hits(const at::Tensor& token_hashes);

namespace {

// token_offsets: (n_tokens, 2) character offsets of every sub-word of the batch, documents
// concatenated; word_ids: (n_tokens,) word index of every sub-word (-1 for specials).
// Returns one (n_words, 2) span tensor per document, page-locked for the span mask upload.
std::vector<at::Tensor> align_offsets_cpu(const at::Tensor& token_offsets, const at::Tensor& word_ids,
                                          at::IntArrayRef doc_lengths) {
  TORCH_CHECK(token_offsets.dim() == 2 && token_offsets.size(1) == 2, "token_offsets must be (n, 2)");
  auto off = token_offsets.accessor<int64_t, 2>();
  auto wid = word_ids.accessor<int64_t, 1>();
  std::vector<at::Tensor> out;
  out.reserve(doc_lengths.size());
  int64_t base = 0;
  for (std::size_t d = 0; d < doc_lengths.size(); ++d) {
    const int64_t n = doc_lengths[d];
    int64_t n_words = 0;
    for (int64_t t = base; t < base + n; ++t) n_words = std::max(n_words, wid[t] + 1);
    auto spans = at::empty({n_words, 2}, at::TensorOptions().dtype(at::kLong).pinned_memory(true));
    auto sp = spans.accessor<int64_t, 2>();
    for (int64_t w = 0; w < n_words; ++w) sp[w][0] = sp[w][1] = -1;
    for (int64_t t = base; t < base + n; ++t) {
      const int64_t w = wid[t];
      if (w < 0) continue;
      if (sp[w][0] < 0) sp[w][0] = off[t][0];
      sp[w][1] = off[t][1];
    }
    out.push_back(spans);
    base += n;
  }
  return out;
}

}  // namespace

TORCH_LIBRARY(pii, m) {
  m.def("viterbi_decode(Tensor emissions, Tensor transitions, Tensor lengths) -> Tensor");
  m.def("align_offsets(Tensor token_offsets, Tensor word_ids, int[] doc_lengths) -> Tensor[]");
  m.def("gazetteer_hits(Tensor token_hashes) -> Tensor");
  m.def("load_gazetteer", &load_gazetteer);
}

TORCH_LIBRARY_IMPL(pii, CPU, m) {
  m.impl("align_offsets", &align_offsets_cpu);
  m.impl("gazetteer_hits", &gazetteer_hits);
}

TORCH_LIBRARY_IMPL(pii, CUDA, m) {
  m.impl("viterbi_decode", &viterbi_decode_cuda);
}
