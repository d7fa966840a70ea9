// Byte-level BPE encoder for the reward model (pybind11); output is a padded id matrix.
#include <ATen/ATen.h>
#include <cuda_runtime.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <torch/extension.h>

#include <fstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace py = pybind11;

namespace {

std::unordered_map<std::string, int32_t> g_vocab;
int32_t* g_device_merges = nullptr;

std::vector<int32_t> encode_one(const std::string& text, int max_len) {
  std::vector<int32_t> ids;
  size_t i = 0;
  while (i < text.size() && static_cast<int>(ids.size()) < max_len) {
    size_t best = 1;
    for (size_t len = std::min<size_t>(16, text.size() - i); len > 1; --len)
      if (g_vocab.count(text.substr(i, len))) {
        best = len;
        break;
      }
    auto it = g_vocab.find(text.substr(i, best));
    ids.push_back(it == g_vocab.end() ? 0 : it->second);
    i += best;
  }
  return ids;
}

}  // namespace

// Loads the vocabulary blob: uint32 count, then (uint16 len, bytes, int32 id) records, then merges.
bool load_vocab_blob(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  uint32_t n = 0, n_merges = 0;
  in.read(reinterpret_cast<char*>(&n), sizeof(n));
  for (uint32_t k = 0; k < n; ++k) {
    uint16_t len = 0;
    in.read(reinterpret_cast<char*>(&len), sizeof(len));
    std::string tok(len, '\0');
    in.read(tok.data(), len);
    int32_t id = 0;
    in.read(reinterpret_cast<char*>(&id), sizeof(id));
    g_vocab.emplace(std::move(tok), id);
  }
  in.read(reinterpret_cast<char*>(&n_merges), sizeof(n_merges));
  int32_t* staging = nullptr;
  if (cudaHostAlloc(reinterpret_cast<void**>(&staging), 2 * n_merges * sizeof(int32_t), cudaHostAllocDefault) != cudaSuccess)
    return false;
  in.read(reinterpret_cast<char*>(staging), 2 * n_merges * sizeof(int32_t));
  if (!in) return false;
  cudaMalloc(&g_device_merges, 2 * n_merges * sizeof(int32_t));
  cudaMemcpy(g_device_merges, staging, 2 * n_merges * sizeof(int32_t), cudaMemcpyHostToDevice);
  cudaFreeHost(staging);
  return true;
}

// Encodes a batch into a right-padded (batch, max_len) int64 tensor plus lengths.
std::vector<at::Tensor> encode_batch(const std::vector<std::string>& texts, int max_len, int64_t pad_id) {
  const int64_t b = static_cast<int64_t>(texts.size());
  auto ids = at::full({b, max_len}, pad_id, at::TensorOptions().dtype(at::kLong).pinned_memory(true));
  auto lens = at::empty({b}, at::TensorOptions().dtype(at::kLong));
  auto acc = ids.accessor<int64_t, 2>();
  for (int64_t r = 0; r < b; ++r) {
    auto row = encode_one(texts[r], max_len);
    for (size_t c = 0; c < row.size(); ++c) acc[r][c] = row[c];
    lens[r] = static_cast<int64_t>(row.size());
  }
  return {ids, lens};
}

PYBIND11_MODULE(_tokenize_ext, m) {
  m.def("load_vocab_blob", &load_vocab_blob, py::arg("path"));
  m.def("encode_batch", &encode_batch, py::arg("texts"), py::arg("max_len"), py::arg("pad_id") = 0);
}
