#pragma once
#include <torch/custom_class.h>

#include <cstdint>
#include <string>

namespace gnnsample {

struct CsrHeader {
  uint64_t magic;
  uint32_t version;
  uint32_t flags;
  int64_t num_nodes;
  int64_t num_edges;
  int64_t indptr_offset;
  int64_t indices_offset;
};

constexpr uint64_t kCsrMagic = 0x3152534343534e47ULL;  // "GNSCCSR1"

// A CSR graph memory-mapped from disk and mapped into the device address space.
class CSRGraph : public torch::CustomClassHolder {
 public:
  static c10::intrusive_ptr<CSRGraph> open(const std::string& path);
  CSRGraph(void* base, size_t len, const CsrHeader* hdr);
  ~CSRGraph() override;

  int64_t num_nodes() const { return hdr_->num_nodes; }
  const int64_t* indptr() const { return indptr_; }
  const int64_t* indices() const { return indices_; }

 private:
  void* base_;
  size_t len_;
  const CsrHeader* hdr_;
  const int64_t* indptr_;
  const int64_t* indices_;
};

}  // namespace gnnsample
