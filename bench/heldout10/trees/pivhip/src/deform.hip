// Multi-pass PIV: every pass halves the window and shifts it by the previous pass's field.
#include "piv/host_buffer.hpp"
#include "piv/stages.hpp"

namespace piv {

VectorField make_grid(const PivConfig& cfg) {
  VectorField f;
  const int step = cfg.window - cfg.overlap;
  f.nx = (cfg.width - cfg.window) / step + 1;
  f.ny = (cfg.height - cfg.window) / step + 1;
  for (int j = 0; j < f.ny; ++j)
    for (int i = 0; i < f.nx; ++i) {
      f.x.push_back(static_cast<float>(i * step + cfg.window / 2));
      f.y.push_back(static_cast<float>(j * step + cfg.window / 2));
    }
  f.u.assign(f.size(), 0.f);
  f.v.assign(f.size(), 0.f);
  f.valid.assign(f.size(), 1);
  return f;
}

MultiPass::MultiPass(const PivConfig& cfg, CrossCorrelator& cc, Validator& val) : cfg_(cfg), cc_(cc), val_(val) {
  PIV_HIP(hipMalloc(&d_pred_, cfg.max_vectors * sizeof(float2)));
}

MultiPass::~MultiPass() { hipFree(d_pred_); }

VectorField MultiPass::run(const FramePair& p) {
  VectorField field = make_grid(cfg_);
  for (int pass = 0; pass < cfg_.passes; ++pass) {
    const int window = cfg_.window << (cfg_.passes - 1 - pass);
    HostBuffer<float2> predictor(field.size());
    for (std::size_t i = 0; i < field.size(); ++i) predictor[i] = make_float2(field.u[i], field.v[i]);
    hipMemcpyAsync(d_pred_, predictor.data(), predictor.bytes(), hipMemcpyHostToDevice, cc_.stream());
    hipStreamSynchronize(cc_.stream());
    cc_.correlate(p, pass == 0 ? nullptr : d_pred_, window, field);
    val_.run(field, cc_.stream());
  }
  return field;
}

}  // namespace piv
