// Packs ragged episodes into padded, time-major device tensors for the PPO learner.
#include <cstring>
#include <memory>
#include <vector>

#include <cuda_runtime.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <torch/extension.h>

namespace py = pybind11;

namespace {

struct HostFree {
    void operator()(void* p) const { cudaFreeHost(p); }
};
using pinned_bytes = std::unique_ptr<char[], HostFree>;

pinned_bytes alloc_host(size_t bytes) {
    void* p = nullptr;
    if (cudaHostAlloc(&p, bytes, cudaHostAllocWriteCombined) != cudaSuccess) throw std::bad_alloc();
    return pinned_bytes(static_cast<char*>(p));
}

template <class T>
pinned_bytes make_pinned(size_t n) {
    return alloc_host(n * sizeof(T));
}

}  // namespace

// episodes: list of float32 arrays [len_i, obs_dim]; returns [T_max, B, obs_dim] on `device`.
torch::Tensor pack_episodes(const std::vector<py::array_t<float>>& episodes, int64_t device) {
    size_t t_max = 0, obs_dim = 0;
    for (auto& e : episodes) {
        t_max = std::max<size_t>(t_max, e.shape(0));
        obs_dim = e.shape(1);
    }
    const size_t b = episodes.size();
    auto host = make_pinned<float>(t_max * b * obs_dim);
    float* h = reinterpret_cast<float*>(host.get());
    std::memset(h, 0, t_max * b * obs_dim * sizeof(float));
    for (size_t i = 0; i < b; ++i) {
        auto e = episodes[i].unchecked<2>();
        for (py::ssize_t t = 0; t < e.shape(0); ++t)
            std::memcpy(h + (t * b + i) * obs_dim, e.data(t, 0), obs_dim * sizeof(float));
    }
    auto out = torch::empty({static_cast<int64_t>(t_max), static_cast<int64_t>(b), static_cast<int64_t>(obs_dim)},
                            torch::dtype(torch::kFloat32).device(torch::kCUDA, device));
    cudaMemcpy(out.data_ptr(), h, out.nbytes(), cudaMemcpyHostToDevice);
    return out;
}

PYBIND11_MODULE(_pack, m) {
    m.def("pack_episodes", &pack_episodes, py::arg("episodes"), py::arg("device") = 0);
}
