// Per-tile proximity-effect correction: rasterise shots, iterate doses, apply the models, sample back.
#include <algorithm>
#include "ebl/check.hpp"
#include "ebl/tile_engine.hpp"

namespace ebl {

namespace {
__global__ void sample_doses(const float* dose, const int2* centres, float* out, int n, int grid) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int x = min(max(centres[i].x, 0), grid - 1), y = min(max(centres[i].y, 0), grid - 1);
  out[i] = dose[y * grid + x];
}
}  // namespace

TileEngine::TileEngine(const PecConfig& cfg)
    : cfg_(cfg), psf_(cfg), host_pool_(&pinned_upstream_, 64u << 20) {
  const size_t n = static_cast<size_t>(cfg.grid) * cfg.grid;
  EBL_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
  EBL_CUDA(cudaMalloc(&d_dose_, n * sizeof(float)));
  EBL_CUDA(cudaMalloc(&d_exposure_, n * sizeof(float)));
  for (const char* m : {"forward", "fogging"}) models_.push_back(make_model(m, cfg));
  EBL_CUDA(cudaMallocHost(&dose_stage_, n * sizeof(float)));
}

TileEngine::~TileEngine() {
  cudaFree(d_exposure_);
  cudaFree(d_dose_);
  cudaFreeHost(dose_stage_);
  cudaStreamDestroy(stream_);
}

void TileEngine::correct(const Tile& tile, ShotList& shots) {
  const int g = cfg_.grid;
  const size_t n = static_cast<size_t>(g) * g;
  std::fill(dose_stage_, dose_stage_ + n, 0.f);
  for (const Shot& s : shots) {
    const int x0 = static_cast<int>((s.x - tile.x0) / cfg_.pixel_nm), y0 = static_cast<int>((s.y - tile.y0) / cfg_.pixel_nm);
    const int x1 = x0 + std::max(1, static_cast<int>(s.w / cfg_.pixel_nm));
    const int y1 = y0 + std::max(1, static_cast<int>(s.h / cfg_.pixel_nm));
    for (int y = std::max(y0, 0); y < std::min(y1, g); ++y)
      for (int x = std::max(x0, 0); x < std::min(x1, g); ++x) dose_stage_[static_cast<size_t>(y) * g + x] = 1.f;
  }
  EBL_CUDA(cudaMemcpyAsync(d_dose_, dose_stage_, n * sizeof(float), cudaMemcpyHostToDevice, stream_));
  state_ = TileState{&tile, d_dose_, d_exposure_, g, stream_};
  dose_iterations(psf_, state_, cfg_.iterations);
  for (auto& model : models_) model->apply(state_);

  const size_t bytes = shots.size() * (sizeof(int2) + sizeof(float));
  void* scratch = host_pool_.allocate(bytes);
  auto* centres = static_cast<int2*>(scratch);
  auto* doses = reinterpret_cast<float*>(centres + shots.size());
  for (size_t i = 0; i < shots.size(); ++i)
    centres[i] = make_int2(static_cast<int>((shots[i].x + shots[i].w / 2 - tile.x0) / cfg_.pixel_nm),
                           static_cast<int>((shots[i].y + shots[i].h / 2 - tile.y0) / cfg_.pixel_nm));
  int2* d_centres = nullptr;
  float* d_out = nullptr;
  EBL_CUDA(cudaMallocAsync(&d_centres, shots.size() * sizeof(int2), stream_));
  EBL_CUDA(cudaMallocAsync(&d_out, shots.size() * sizeof(float), stream_));
  EBL_CUDA(cudaMemcpyAsync(d_centres, centres, shots.size() * sizeof(int2), cudaMemcpyHostToDevice, stream_));
  const int ns = static_cast<int>(shots.size());
  sample_doses<<<(ns + 255) / 256, 256, 0, stream_>>>(d_dose_, d_centres, d_out, ns, g);
  EBL_CUDA(cudaMemcpyAsync(doses, d_out, shots.size() * sizeof(float), cudaMemcpyDeviceToHost, stream_));
  EBL_CUDA(cudaStreamSynchronize(stream_));
  for (size_t i = 0; i < shots.size(); ++i) shots[i].dose = doses[i];
  cudaFreeAsync(d_out, stream_);
  cudaFreeAsync(d_centres, stream_);
  host_pool_.deallocate(scratch, bytes);
}

}  // namespace ebl
