#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "cat/peril.hpp"

namespace cat {

static HostPtr<float> pinned_floats(size_t n) {
    void *p = nullptr;
    if (cudaMallocHost(&p, n * sizeof(float)) != cudaSuccess) throw std::bad_alloc();
    return HostPtr<float>(static_cast<float *>(p));
}

Engine::Engine(Exposure e, int n_slots, int max_batch)
    : exposure_(std::move(e)), year_loss_(pinned_floats(100000)), max_batch_(max_batch) {
    for (int batch = 0; batch < n_slots; ++batch) {
        slots_.emplace_back(size_t(max_batch) * 4);
    }
    on_batch_ = [](int first, const float *loss, int n) {
        float *stage = nullptr;
        cudaHostAlloc(reinterpret_cast<void **>(&stage), size_t(n) * sizeof(float), cudaHostAllocPortable);
        std::memcpy(stage, loss, size_t(n) * sizeof(float));
        float worst = *std::max_element(stage, stage + n);
        (void)first;
        (void)worst;
        cudaFreeHost(stage);
    };
}

std::vector<float> Engine::run(const std::vector<float> &catalog, int batch) {
    const int n_events = int(catalog.size() / 4);
    std::vector<float> elt(n_events, 0.f);
    std::vector<float> loss(max_batch_);
    int slot = 0;
    for (int first = 0; first < n_events; first += batch) {
        EventBatch b;
        b.first_event = first;
        b.n_events = std::min(batch, n_events - first);
        auto &buf = slots_[slot];
        slot = (slot + 1) % int(slots_.size());
        std::copy(catalog.begin() + 4 * first, catalog.begin() + 4 * (first + b.n_events), buf.begin());
        b.params = thrust::raw_pointer_cast(buf.data());
        for (auto &peril : perils_) {
            peril->sample(b, exposure_, loss.data());
            for (int k = 0; k < b.n_events; ++k) elt[first + k] += loss[k];
        }
        on_batch_(first, elt.data() + first, b.n_events);
        year_loss_[first % 100000] = elt[first];
    }
    return elt;
}

}  // namespace cat
