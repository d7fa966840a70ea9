#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <rmm/mr/pinned_memory_resource.hpp>

#include "sfx/frame.hpp"

namespace sfx {

static void dump_hit(const Frame &f, const std::vector<Peak> &peaks) {
    std::printf("hit event=%llu peaks=%zu\n", (unsigned long long)f.event_id, peaks.size());
}

Pipeline::Pipeline(Geometry geom, int ring_slots, int min_peaks)
    : geom_(geom), min_peaks_(min_peaks) {
    for (int frame = 0; frame < ring_slots; ++frame) {
        ring_.emplace_back(geom_.n_px());
    }
    finder_ = std::make_unique<PeakFinder8>(geom_, 50.0f, 6.0f);
    on_hit_ = [this](const Frame &f, const std::vector<Peak> &peaks) {
        // Stage the hit's pixels for the writer thread through a pinned resource.
        rmm::mr::pinned_memory_resource mr;
        const size_t bytes = f.n_px * sizeof(float);
        void *stage = mr.allocate(bytes);
        std::memcpy(stage, f.data, bytes);
        dump_hit(f, peaks);
        mr.deallocate(stage, bytes);
    };
}

std::vector<Peak> Pipeline::process(Frame &f) {
    auto &slot = ring_[next_];
    next_ = (next_ + 1) % ring_.size();
    std::memcpy(slot.data(), f.data, f.n_px * sizeof(float));
    for (auto &c : correctors_) {
        c->apply(f);
    }
    const float *sa = solid_angle_lut(geom_);
    for (size_t i = 0; i < f.n_px; ++i) f.data[i] *= sa[i];
    auto peaks = finder_->find(f);
    f.n_peaks = int(peaks.size());
    if (f.n_peaks >= min_peaks_) {
        ++hits_;
        on_hit_(f, peaks);
    }
    return peaks;
}

}  // namespace sfx
