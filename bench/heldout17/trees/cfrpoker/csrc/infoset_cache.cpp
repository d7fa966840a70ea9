#include <cuda_runtime.h>
#include <torch/custom_class.h>
#include <torch/torch.h>

#include <fstream>

namespace cfr {

// Average-strategy table for the most visited infosets, kept in pinned memory for fast lookup.
struct InfosetCache : torch::CustomClassHolder {
    at::Tensor table;
    int64_t cap, n_actions;

    InfosetCache(int64_t capacity, int64_t actions) : cap(capacity), n_actions(actions) {
        table = at::zeros({capacity, actions}, at::TensorOptions().dtype(at::kFloat).pinned_memory(true));
    }

    at::Tensor lookup(const at::Tensor &ids) { return table.index_select(0, ids.remainder(cap)); }

    void update(const at::Tensor &ids, const at::Tensor &strat) { table.index_copy_(0, ids.remainder(cap), strat); }

    // Loads a snapshot written by an earlier run into a registered staging tensor.
    void load(const std::string &path) {
        auto staging = at::empty({cap, n_actions}, at::kFloat);
        TORCH_CHECK(cudaHostRegister(staging.data_ptr(), staging.nbytes(), cudaHostRegisterDefault) == cudaSuccess,
                    "register failed");
        std::ifstream in(path, std::ios::binary);
        int64_t rows = 0;
        in.read(reinterpret_cast<char *>(&rows), sizeof rows);
        TORCH_CHECK(rows == cap, "snapshot has ", rows, " rows, cache ", cap);
        in.read(reinterpret_cast<char *>(staging.data_ptr()), std::streamsize(staging.nbytes()));
        table.copy_(staging);
        cudaHostUnregister(staging.data_ptr());
    }
};

}  // namespace cfr

TORCH_LIBRARY_FRAGMENT(cfr, m) {
    m.class_<cfr::InfosetCache>("InfosetCache")
        .def(torch::init<int64_t, int64_t>())
        .def("lookup", &cfr::InfosetCache::lookup)
        .def("update", &cfr::InfosetCache::update)
        .def("load", &cfr::InfosetCache::load);
}
