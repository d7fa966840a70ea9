#include "csr_graph.hpp"

#include <c10/cuda/CUDAException.h>
#include <cuda_runtime.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gnnsample {

c10::intrusive_ptr<CSRGraph> CSRGraph::open(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY);
  TORCH_CHECK(fd >= 0, "cannot open ", path);
  struct stat st {};
  ::fstat(fd, &st);
  void* base = ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_SHARED | MAP_POPULATE, fd, 0);
  ::close(fd);
  TORCH_CHECK(base != MAP_FAILED, "mmap failed for ", path);
  // Map the whole file into the device address space so sampling kernels can read it zero-copy.
  C10_CUDA_CHECK(cudaHostRegister(base, static_cast<size_t>(st.st_size),
                                  cudaHostRegisterMapped | cudaHostRegisterReadOnly));
  const auto* hdr = static_cast<const CsrHeader*>(base);
  TORCH_CHECK(hdr->magic == kCsrMagic, path, ": not a gnnsample CSR file");
  TORCH_CHECK(hdr->version == 2, path, ": CSR format version ", hdr->version,
              " is not supported; re-run scripts/partition_graph.py");
  return c10::make_intrusive<CSRGraph>(base, static_cast<size_t>(st.st_size), hdr);
}

CSRGraph::CSRGraph(void* base, size_t len, const CsrHeader* hdr)
    : base_(base),
      len_(len),
      hdr_(hdr),
      indptr_(reinterpret_cast<const int64_t*>(static_cast<const char*>(base) + hdr->indptr_offset)),
      indices_(reinterpret_cast<const int64_t*>(static_cast<const char*>(base) + hdr->indices_offset)) {}

CSRGraph::~CSRGraph() {
  cudaHostUnregister(base_);
  ::munmap(base_, len_);
}

}  // namespace gnnsample
