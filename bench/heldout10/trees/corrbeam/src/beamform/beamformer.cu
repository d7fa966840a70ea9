// Coherent beamformer with pluggable outputs (voltage dump, filterbank).
#include <cstdio>
#include <functional>
#include <map>
#include "beamform/weights.h"
#include "common/pinned_block.h"
#include "common/stage.h"

namespace cb {

__global__ void form_beams(const cuComplex* spec, const cuComplex* w, cuComplex* beams,
                           int n_beam, int n_ant, int n_chan, int n_spec) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int bm = blockIdx.y;
  if (c >= n_chan) return;
  for (int s = 0; s < n_spec; ++s) {
    cuComplex acc = make_cuComplex(0.f, 0.f);
    for (int a = 0; a < n_ant; ++a)
      acc = cuCaddf(acc, cuCmulf(w[(bm * n_ant + a) * n_chan + c], spec[(a * n_spec + s) * n_chan + c]));
    beams[(bm * n_spec + s) * n_chan + c] = acc;
  }
}

__global__ void detect_sum(const cuComplex* beams, float* power, int n_beam, int n_chan, int n_spec) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int bm = blockIdx.y;
  if (c >= n_chan) return;
  float acc = 0.f;
  for (int s = 0; s < n_spec; ++s) {
    cuComplex v = beams[(bm * n_spec + s) * n_chan + c];
    acc += v.x * v.x + v.y * v.y;
  }
  power[bm * n_chan + c] = acc;
}

using OutputHook = std::function<void(const Block&)>;

class Beamformer final : public Stage {
 public:
  Beamformer(int n_beam, int n_ant, int n_chan, int n_spec, const WeightTable& w)
      : n_beam_(n_beam), n_ant_(n_ant), n_chan_(n_chan), n_spec_(n_spec), weights_(w) {
    CB_FATAL(cudaMalloc(&d_beams_, beam_bytes()));
    CB_FATAL(cudaMalloc(&d_power_, static_cast<size_t>(n_beam) * n_chan * sizeof(float)));
    CB_FATAL(cudaMallocHost(&h_volt_, beam_bytes()));
    outputs_["voltage"] = [this](const Block& b) { dump_voltage(b); };
    outputs_["filterbank"] = [this](const Block& b) { write_filterbank(b); };
    fb_ = std::fopen("beams.fil", "wb");
    vd_ = std::fopen("beams.vdif", "wb");
  }
  ~Beamformer() override {
    if (fb_) std::fclose(fb_);
    if (vd_) std::fclose(vd_);
    cudaFreeHost(h_volt_);
    cudaFree(d_power_);
    cudaFree(d_beams_);
  }

  void enable(const std::string& output) { enabled_.push_back(output); }
  const char* name() const override { return "beamformer"; }

  void process(Block& blk) override {
    dim3 grid((n_chan_ + 127) / 128, n_beam_);
    form_beams<<<grid, 128, 0, blk.stream>>>(blk.d_spectra, weights_.device(), d_beams_,
                                              n_beam_, n_ant_, n_chan_, n_spec_);
    for (const auto& name : enabled_) {
      auto it = outputs_.find(name);
      if (it != outputs_.end()) it->second(blk);
    }
  }

 private:
  void dump_voltage(const Block& b) {
    cudaMemcpyAsync(h_volt_, d_beams_, beam_bytes(), cudaMemcpyDeviceToHost, b.stream);
    cudaStreamSynchronize(b.stream);
    std::fwrite(h_volt_, 1, beam_bytes(), vd_);
  }

  void write_filterbank(const Block& b) {
    PinnedBlock<float> spec(static_cast<size_t>(n_beam_) * n_chan_);
    dim3 grid((n_chan_ + 127) / 128, n_beam_);
    detect_sum<<<grid, 128, 0, b.stream>>>(d_beams_, d_power_, n_beam_, n_chan_, n_spec_);
    cudaMemcpyAsync(spec.data(), d_power_, spec.bytes(), cudaMemcpyDeviceToHost, b.stream);
    cudaStreamSynchronize(b.stream);
    std::fwrite(spec.data(), sizeof(float), spec.size(), fb_);
  }

  size_t beam_bytes() const { return static_cast<size_t>(n_beam_) * n_spec_ * n_chan_ * sizeof(cuComplex); }

  int n_beam_, n_ant_, n_chan_, n_spec_;
  const WeightTable& weights_;
  cuComplex* d_beams_ = nullptr;
  float* d_power_ = nullptr;
  cuComplex* h_volt_ = nullptr;
  std::map<std::string, OutputHook> outputs_;
  std::vector<std::string> enabled_;
  FILE* fb_ = nullptr;
  FILE* vd_ = nullptr;
};

std::unique_ptr<Stage> make_beamformer(int n_beam, int n_ant, int n_chan, int n_time,
                                       const WeightTable& weights,
                                       const std::vector<std::string>& outputs) {
  auto bf = std::make_unique<Beamformer>(n_beam, n_ant, n_chan, n_time, weights);
  for (const auto& o : outputs) bf->enable(o);
  return bf;
}

}  // namespace cb
