#include <cmath>
#include <random>

#include "cat/peril.hpp"

namespace cat {
namespace {

class Earthquake final : public Peril {
public:
    explicit Earthquake(int n_realizations) : n_real_(n_realizations) {}
    const char *name() const override { return "earthquake"; }

    void sample(const EventBatch &b, const Exposure &e, float *loss_out) override {
        std::mt19937 rng(b.first_event);
        std::normal_distribution<float> eps(0.f, 0.6f);
        for (int ev = 0; ev < b.n_events; ++ev) loss_out[ev] = 0.f;
        for (int r = 0; r < n_real_; ++r) {
            PinnedVec<float> gm(e.size());
            for (int ev = 0; ev < b.n_events; ++ev) {
                const float *p = b.params + 4 * ev;
                float total = 0.f;
                for (size_t s = 0; s < e.size(); ++s) {
                    float d = std::hypot(e.lat[s] - p[0], e.lon[s] - p[1]) * 111.f;
                    gm[s] = std::exp(p[2] - 1.3f * std::log(d + 10.f) + eps(rng));
                    total += std::fmin(1.f, gm[s] / 1.5f) * e.tiv[s];
                }
                loss_out[ev] += total / n_real_;
            }
        }
    }

private:
    int n_real_;
};

}  // namespace

std::unique_ptr<Peril> make_earthquake(int n_realizations) { return std::make_unique<Earthquake>(n_realizations); }

}  // namespace cat
