#include <ATen/ATen.h>
#include <c10/cuda/CUDAException.h>
#include <cuda_runtime.h>
#include <torch/custom_class.h>
#include <torch/library.h>

#include <fstream>
#include <vector>

namespace moe {

// A handful of page-locked slots for experts decompressed on the host (used when the GPU
// slots are full and the same expert is needed again within a few steps).
class HostExpertCache : public torch::CustomClassHolder {
 public:
  HostExpertCache(int64_t slots, int64_t bytes) : bytes_(bytes) {
    for (int64_t slot = 0; slot < slots; ++slot) {
      void* p = nullptr;
      if (cudaHostAlloc(&p, size_t(bytes), cudaHostAllocPortable) != cudaSuccess) {
        release();
        TORCH_CHECK(false, "HostExpertCache: cannot pin slot ", slot, " of ", bytes, " bytes");
      }
      slots_.push_back(p);
    }
  }
  ~HostExpertCache() override { release(); }

  int64_t size() const { return int64_t(slots_.size()); }

  at::Tensor slot(int64_t i) {
    TORCH_CHECK(i >= 0 && i < size(), "slot out of range");
    return at::from_blob(slots_[i], {bytes_}, at::TensorOptions().dtype(at::kByte));
  }

 private:
  void release() {
    for (void* p : slots_) cudaFreeHost(p);
    slots_.clear();
  }
  int64_t bytes_;
  std::vector<void*> slots_;
};

void load_shard(const std::string& path, at::Tensor dst) {
  TORCH_CHECK(dst.is_cuda() && dst.is_contiguous(), "load_shard: dst must be a contiguous CUDA tensor");
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  TORCH_CHECK(in, "cannot open ", path);
  std::vector<char> buf(static_cast<size_t>(in.tellg()));
  in.seekg(0);
  in.read(buf.data(), buf.size());
  C10_CUDA_CHECK(cudaHostRegister(buf.data(), buf.size(), cudaHostRegisterDefault));
  TORCH_CHECK(buf.size() == size_t(dst.nbytes()), "shard ", path, " has ", buf.size(), " bytes, expected ",
              dst.nbytes());
  C10_CUDA_CHECK(cudaMemcpy(dst.data_ptr(), buf.data(), buf.size(), cudaMemcpyHostToDevice));
  cudaHostUnregister(buf.data());
}

}  // namespace moe

TORCH_LIBRARY_FRAGMENT(moe, m) {
  m.class_<moe::HostExpertCache>("HostExpertCache")
      .def(torch::init<int64_t, int64_t>())
      .def("size", &moe::HostExpertCache::size)
      .def("slot", &moe::HostExpertCache::slot);
}

TORCH_LIBRARY_IMPL(moe, CUDA, m) {
  m.impl("load_shard", &moe::load_shard);
}
