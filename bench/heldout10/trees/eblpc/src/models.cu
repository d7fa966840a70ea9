// Correction models applied after the dose iterations, chosen by name from a registry.
#include <functional>
#include <map>
#include <stdexcept>
#include "ebl/check.hpp"
#include "ebl/models.hpp"

namespace ebl {

namespace {

constexpr int kCoarse = 64;

__global__ void blur_forward(float* dose, int grid, float w) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= grid * grid) return;
  const int x = i % grid, y = i / grid;
  if (x == 0 || y == 0 || x == grid - 1 || y == grid - 1) return;
  const float n = dose[i - 1] + dose[i + 1] + dose[i - grid] + dose[i + grid];
  dose[i] = dose[i] * (1.f + w) - 0.25f * w * n;
}

__global__ void add_fogging(float* dose, const float* density, int grid, float ratio) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= grid * grid) return;
  const int cx = (i % grid) * kCoarse / grid, cy = (i / grid) * kCoarse / grid;
  dose[i] = dose[i] / (1.f + ratio * density[cy * kCoarse + cx]);
}

class ForwardScatterModel final : public CorrectionModel {
 public:
  explicit ForwardScatterModel(const PecConfig& cfg) : w_(cfg.alpha_nm / (cfg.pixel_nm * 10.f)) {}
  const char* name() const override { return "forward"; }
  void apply(TileState& st) override {
    blur_forward<<<(st.grid * st.grid + 255) / 256, 256, 0, st.stream>>>(st.d_dose, st.grid, w_);
  }

 private:
  float w_;
};

class FoggingModel final : public CorrectionModel {
 public:
  explicit FoggingModel(const PecConfig& cfg) : ratio_(cfg.fogging_ratio) {
    EBL_CUDA(cudaMalloc(&d_density_, kCoarse * kCoarse * sizeof(float)));
  }
  ~FoggingModel() override { cudaFree(d_density_); }
  const char* name() const override { return "fogging"; }

  void apply(TileState& st) override {
    float* density = nullptr;
    EBL_CUDA(cudaMallocHost(&density, kCoarse * kCoarse * sizeof(float)));
    if (!st.tile->valid || st.tile->polys.empty()) return;
    std::fill(density, density + kCoarse * kCoarse, 0.f);
    for (const Polygon& p : st.tile->polys)
      for (size_t k = 0; k + 1 < p.xy.size(); k += 2) {
        const int cx = std::min(kCoarse - 1, std::max(0, (p.xy[k] - st.tile->x0) / 20000));
        const int cy = std::min(kCoarse - 1, std::max(0, (p.xy[k + 1] - st.tile->y0) / 20000));
        density[cy * kCoarse + cx] += 1.f / static_cast<float>(p.xy.size());
      }
    EBL_CUDA(cudaMemcpyAsync(d_density_, density, kCoarse * kCoarse * sizeof(float), cudaMemcpyHostToDevice, st.stream));
    add_fogging<<<(st.grid * st.grid + 255) / 256, 256, 0, st.stream>>>(st.d_dose, d_density_, st.grid, ratio_);
    EBL_CUDA(cudaStreamSynchronize(st.stream));
    cudaFreeHost(density);
  }

 private:
  float ratio_;
  float* d_density_ = nullptr;
};

using Factory = std::function<std::unique_ptr<CorrectionModel>(const PecConfig&)>;

const std::map<std::string, Factory>& registry() {
  static const std::map<std::string, Factory> r = {
      {"forward", [](const PecConfig& c) { return std::make_unique<ForwardScatterModel>(c); }},
      {"fogging", [](const PecConfig& c) { return std::make_unique<FoggingModel>(c); }},
  };
  return r;
}

}  // namespace

std::unique_ptr<CorrectionModel> make_model(const std::string& name, const PecConfig& cfg) {
  auto it = registry().find(name);
  if (it == registry().end()) throw std::invalid_argument("unknown correction model " + name);
  return it->second(cfg);
}

}  // namespace ebl
