#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sfx/pinned.hpp"

namespace sfx {

struct Geometry {
    int n_panels = 0;
    int panel_ss = 0;
    int panel_fs = 0;
    float *pix_r = nullptr;  // pinned: radius of every pixel, filled by load_geometry
    size_t n_px() const { return size_t(n_panels) * panel_ss * panel_fs; }
};

struct Frame {
    uint64_t event_id = 0;
    float *data = nullptr;   // host pixels owned by the caller (numpy)
    size_t n_px = 0;
    int n_peaks = 0;
};

struct Peak {
    float ss, fs, intensity;
    int panel;
};

class Corrector {
public:
    virtual ~Corrector() = default;
    virtual const char *name() const = 0;
    virtual void apply(Frame &f) = 0;
};

std::unique_ptr<Corrector> make_dark_corrector(const std::vector<float> &dark);
std::unique_ptr<Corrector> make_gain_corrector(std::vector<float> gain);

class PeakFinder8 {
public:
    PeakFinder8(const Geometry &g, float adc_thresh, float snr);
    std::vector<Peak> find(const Frame &f);
    void ensure_peak_capacity(size_t n);

private:
    const Geometry &geom_;
    float adc_thresh_, snr_;
    PinnedVec<float> peaks_;
};

class Pipeline {
public:
    Pipeline(Geometry geom, int ring_slots, int min_peaks);
    void add_corrector(std::unique_ptr<Corrector> c) { correctors_.push_back(std::move(c)); }
    std::vector<Peak> process(Frame &f);
    int hits() const { return hits_; }

private:
    Geometry geom_;
    std::vector<PinnedVec<float>> ring_;
    size_t next_ = 0;
    int min_peaks_;
    int hits_ = 0;
    std::vector<std::unique_ptr<Corrector>> correctors_;
    std::unique_ptr<PeakFinder8> finder_;
    std::function<void(const Frame &, const std::vector<Peak> &)> on_hit_;
};

Geometry load_geometry(const std::string &path);
bool load_mask(const std::string &path, size_t n_px, std::vector<uint8_t> &out);
const float *solid_angle_lut(const Geometry &g);

}  // namespace sfx
