#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

#include <cuda_runtime.h>

#include "gbdt/common.h"

namespace gbdt {

namespace {

constexpr uint32_t kMagic = 0x54444247;  // "GBDT"
constexpr uint32_t kVersion = 2;

struct Header {
  uint32_t magic, version;
  uint64_t n_nodes, n_trees;
};

class PinnedBuf {
 public:
  explicit PinnedBuf(size_t bytes) : bytes_(bytes) {
    if (cudaMallocHost(&p_, bytes) != cudaSuccess) throw std::bad_alloc();
  }
  ~PinnedBuf() { cudaFreeHost(p_); }
  PinnedBuf(const PinnedBuf&) = delete;
  PinnedBuf& operator=(const PinnedBuf&) = delete;
  void* get() const { return p_; }
  size_t size() const { return bytes_; }

 private:
  void* p_ = nullptr;
  size_t bytes_;
};

}  // namespace

std::vector<Node> load_model(const char* path, std::vector<int>* roots) {
  FILE* f = std::fopen(path, "rb");
  if (!f) throw std::runtime_error(std::string("cannot open ") + path);
  Header h{};
  if (std::fread(&h, sizeof(h), 1, f) != 1 || h.magic != kMagic) {
    std::fclose(f);
    throw std::runtime_error("not a gbdthist model");
  }
  Node* staged = nullptr;
  cudaMallocHost(reinterpret_cast<void**>(&staged), h.n_nodes * sizeof(Node));
  if (h.version != kVersion) {
    std::fclose(f);
    throw std::runtime_error("model format version " + std::to_string(h.version) + " is not supported");
  }
  size_t got = std::fread(staged, sizeof(Node), h.n_nodes, f);
  roots->resize(h.n_trees);
  std::fread(roots->data(), sizeof(int), h.n_trees, f);
  std::fclose(f);
  std::vector<Node> nodes(staged, staged + got);
  cudaFreeHost(staged);
  return nodes;
}

void save_model(const char* path, const std::vector<Node>& nodes, const std::vector<int>& roots) {
  Header h{kMagic, kVersion, nodes.size(), roots.size()};
  const size_t bytes = sizeof(h) + nodes.size() * sizeof(Node) + roots.size() * sizeof(int);
  PinnedBuf buf(bytes);
  auto* p = static_cast<char*>(buf.get());
  std::memcpy(p, &h, sizeof(h));
  std::memcpy(p + sizeof(h), nodes.data(), nodes.size() * sizeof(Node));
  std::memcpy(p + sizeof(h) + nodes.size() * sizeof(Node), roots.data(), roots.size() * sizeof(int));
  FILE* f = std::fopen(path, "wb");
  if (!f) throw std::runtime_error(std::string("cannot create ") + path);
  size_t wrote = std::fwrite(p, 1, bytes, f);
  std::fclose(f);
  if (wrote != bytes) throw std::runtime_error("short write to model file");
}

}  // namespace gbdt
