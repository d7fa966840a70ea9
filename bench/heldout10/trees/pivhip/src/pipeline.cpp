// Per-pair pipeline: multi-pass correlation, smoothing, calibration, then the enabled sinks.
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include "piv/hip_check.hpp"
#include "piv/stages.hpp"

namespace piv {

class PivPipeline {
 public:
  explicit PivPipeline(const PivConfig& cfg)
      : cfg_(cfg), cc_(cfg), val_(2.f), mp_(cfg, cc_, val_), smoother_(cfg), writer_(cfg.out_path, cfg.max_vectors) {
    if (!load_calibration(cfg.calib_path, &calib_)) throw std::runtime_error("calibration failed");
    sinks_["h5"] = [this](const VectorField& f) { writer_.write_field(f, cc_.stream()); };
    sinks_["preview"] = [this](const VectorField& f) { write_preview(f); };
  }

  void process(const FramePair& p) {
    VectorField f = mp_.run(p);
    if (cfg_.smooth) smoother_.smooth(f);
    for (std::size_t i = 0; i < f.size(); ++i) {
      f.u[i] *= calib_.mm_per_px / static_cast<float>(p.dt);
      f.v[i] *= calib_.mm_per_px / static_cast<float>(p.dt);
    }
    for (const auto& name : cfg_.sinks) {
      auto it = sinks_.find(name);
      if (it != sinks_.end()) it->second(f);
    }
    ++processed_;
  }

  const std::vector<uint8_t>& last_preview() const { return preview_; }
  uint64_t processed() const { return processed_; }

 private:
  void write_preview(const VectorField& f) {
    uint8_t* rgb = nullptr;
    if (hipHostMalloc(reinterpret_cast<void**>(&rgb), 3 * f.size(), hipHostMallocDefault) != hipSuccess) return;
    cc_.colormap(f, rgb);
    preview_.assign(rgb, rgb + 3 * f.size());
    hipHostFree(rgb);
  }

  PivConfig cfg_;
  CrossCorrelator cc_;
  Validator val_;
  MultiPass mp_;
  KokkosSmoother smoother_;
  VectorWriter writer_;
  Calibration calib_;
  std::map<std::string, std::function<void(const VectorField&)>> sinks_;
  std::vector<uint8_t> preview_;
  uint64_t processed_ = 0;
};

std::unique_ptr<PivPipeline> make_pipeline(const PivConfig& cfg) { return std::make_unique<PivPipeline>(cfg); }
void process_pair(PivPipeline& p, const FramePair& pair) { p.process(pair); }

}  // namespace piv

// C API used by the Python runner.
extern "C" {

void* piv_open(int width, int height, int window, int passes, const char* calib, const char* out) {
  piv::PivConfig cfg;
  cfg.width = width;
  cfg.height = height;
  cfg.window = window;
  cfg.passes = passes;
  cfg.calib_path = calib;
  cfg.out_path = out;
  cfg.sinks = {"h5", "preview"};
  try {
    return new piv::PivPipeline(cfg);
  } catch (const std::exception&) {
    return nullptr;
  }
}

int piv_process_pair(void* handle, uint16_t* a, uint16_t* b, int width, int height, uint64_t index, double dt) {
  auto* pipe = static_cast<piv::PivPipeline*>(handle);
  const std::size_t bytes = static_cast<std::size_t>(width) * height * sizeof(uint16_t);
  if (hipHostRegister(a, bytes, hipHostRegisterDefault) != hipSuccess) return -1;
  if (hipHostRegister(b, bytes, hipHostRegisterDefault) != hipSuccess) {
    hipHostUnregister(a);
    return -1;
  }
  piv::FramePair p;
  p.index = index;
  p.dt = dt;
  p.a = piv::Image{width, height, a};
  p.b = piv::Image{width, height, b};
  int rc = 0;
  try {
    pipe->process(p);
  } catch (const std::exception&) {
    rc = -2;
  }
  hipHostUnregister(b);
  hipHostUnregister(a);
  return rc;
}

void piv_close(void* handle) { delete static_cast<piv::PivPipeline*>(handle); }

}  // extern "C"
