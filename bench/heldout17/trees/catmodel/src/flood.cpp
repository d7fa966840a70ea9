#include <algorithm>

#include "cat/peril.hpp"

namespace cat {
namespace {

class Flood final : public Peril {
public:
    const char *name() const override { return "flood"; }

    void sample(const EventBatch &b, const Exposure &e, float *loss_out) override {
        const size_t need = size_t(b.n_events) * 2;
        if (depth_.size() < need) depth_.resize(std::max(need, 2 * depth_.size()));
        for (int ev = 0; ev < b.n_events; ++ev) {
            depth_[2 * ev] = b.params[4 * ev + 2];
            float total = 0.f;
            for (size_t s = 0; s < e.size(); ++s)
                total += std::min(1.f, depth_[2 * ev] / 3.f) * e.tiv[s] * (e.construction[s] == 1 ? 0.6f : 1.f);
            loss_out[ev] = total;
        }
    }

private:
    PinnedVec<float> depth_;
};

}  // namespace

std::unique_ptr<Peril> make_flood() { return std::make_unique<Flood>(); }

}  // namespace cat
