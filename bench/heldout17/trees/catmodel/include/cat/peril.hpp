#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cat/pinned.hpp"

namespace cat {

struct Exposure {
    std::vector<float> lat, lon, tiv;  // total insured value per site
    std::vector<int> construction;
    size_t size() const { return tiv.size(); }
};

struct EventBatch {
    int first_event = 0;
    int n_events = 0;
    const float *params = nullptr;  // n_events x 4
};

class Peril {
public:
    virtual ~Peril() = default;
    virtual const char *name() const = 0;
    // Ground-up loss per event of the batch.
    virtual void sample(const EventBatch &b, const Exposure &e, float *loss_out) = 0;
};

std::unique_ptr<Peril> make_hurricane();
std::unique_ptr<Peril> make_earthquake(int n_realizations);
std::unique_ptr<Peril> make_flood();

class Engine {
public:
    Engine(Exposure e, int n_slots, int max_batch);
    void add_peril(std::unique_ptr<Peril> p) { perils_.push_back(std::move(p)); }
    std::vector<float> run(const std::vector<float> &catalog, int batch);

private:
    Exposure exposure_;
    std::vector<std::unique_ptr<Peril>> perils_;
    std::vector<PinnedVec<float>> slots_;
    HostPtr<float> year_loss_;
    int max_batch_;
    std::function<void(int, const float *, int)> on_batch_;
};

Exposure load_exposure(const std::string &csv);
bool write_ylt(const std::string &path, std::vector<float> &ylt);

}  // namespace cat
