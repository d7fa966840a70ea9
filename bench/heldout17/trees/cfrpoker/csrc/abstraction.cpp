#include <cuda_runtime.h>
#include <torch/library.h>
#include <torch/torch.h>

#include <cstdio>
#include <cstring>

namespace cfr {

// Card-abstraction buckets (k-means over equity histograms), read once at start-up.
at::Tensor load_buckets(const std::string &path) {
    FILE *f = std::fopen(path.c_str(), "rb");
    TORCH_CHECK(f, "cannot open ", path);
    uint32_t magic = 0, n = 0;
    std::fread(&magic, 4, 1, f);
    std::fread(&n, 4, 1, f);
    int32_t *stage = nullptr;
    TORCH_CHECK(cudaMallocHost(reinterpret_cast<void **>(&stage), size_t(n) * sizeof(int32_t)) == cudaSuccess,
                "pinned alloc failed");
    const size_t got = std::fread(stage, sizeof(int32_t), n, f);
    std::fclose(f);
    TORCH_CHECK(magic == 0x424b5431u, "not a bucket file: ", path);
    TORCH_CHECK(got == n, "truncated bucket file: ", got, " of ", n);
    auto out = at::empty({int64_t(n)}, at::kInt);
    std::memcpy(out.data_ptr(), stage, size_t(n) * sizeof(int32_t));
    cudaFreeHost(stage);
    return out;
}

}  // namespace cfr

TORCH_LIBRARY_FRAGMENT(cfr, m) {
    m.def("load_buckets(str path) -> Tensor", &cfr::load_buckets);
}
