// F-engine: polyphase filter bank + FFT, one stage of the block pipeline.
#include <cstdio>
#include <stdexcept>
#include <cufft.h>
#include "common/cb_check.h"
#include "common/stage.h"

namespace cb {

__global__ void pfb_fir(const int8_t* volts, const float* taps, cufftComplex* out,
                        int n_ant, int n_chan, int n_tap, int n_time) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int total = n_ant * n_chan * (n_time - n_tap + 1);
  if (idx >= total) return;
  int c = idx % n_chan;
  float re = 0.f, im = 0.f;
  for (int t = 0; t < n_tap; ++t) {
    int s = 2 * (idx + t * n_chan);
    re += taps[t * n_chan + c] * volts[s];
    im += taps[t * n_chan + c] * volts[s + 1];
  }
  out[idx] = make_cuComplex(re, im);
}

__global__ void band_power(const cufftComplex* spec, float* power, int n_ant, int n_chan, int n_spec) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= n_chan) return;
  float acc = 0.f;
  for (int i = 0; i < n_ant * n_spec; ++i) {
    cufftComplex v = spec[i * n_chan + c];
    acc += v.x * v.x + v.y * v.y;
  }
  power[c] = acc;
}

// Reads the PFB prototype filter from disk through a page-locked staging buffer.
cudaError_t load_pfb_taps(const char* path, int n_tap, int n_chan, float** d_taps) {
  const size_t n = static_cast<size_t>(n_tap) * n_chan;
  float* staging = nullptr;
  CB_CHECK(cudaMallocHost(&staging, n * sizeof(float)));
  FILE* f = std::fopen(path, "rb");
  if (f == nullptr) {
    cudaFreeHost(staging);
    return cudaErrorInvalidValue;
  }
  const size_t got = std::fread(staging, sizeof(float), n, f);
  std::fclose(f);
  if (got != n) {
    cudaFreeHost(staging);
    return cudaErrorInvalidValue;
  }
  CB_CHECK(cudaMalloc(reinterpret_cast<void**>(d_taps), n * sizeof(float)));
  CB_CHECK(cudaMemcpy(*d_taps, staging, n * sizeof(float), cudaMemcpyHostToDevice));
  cudaFreeHost(staging);
  return cudaSuccess;
}

class FEngine final : public Stage {
 public:
  FEngine(const std::string& taps_path, int n_ant, int n_chan, int n_tap, int n_time)
      : n_ant_(n_ant), n_chan_(n_chan), n_tap_(n_tap), n_time_(n_time) {
    if (load_pfb_taps(taps_path.c_str(), n_tap, n_chan, &d_taps_) != cudaSuccess)
      throw std::runtime_error("cannot load PFB taps from " + taps_path);
    n_spec_ = n_time - n_tap + 1;
    CB_FATAL(cudaMalloc(&d_volts_, volt_bytes()));
    CB_FATAL(cudaMalloc(&d_spec_, spec_count() * sizeof(cufftComplex)));
    CB_FATAL(cudaHostAlloc(reinterpret_cast<void**>(&h_power_), n_chan * sizeof(float),
                           cudaHostAllocMapped));
    CB_FATAL(cudaHostGetDevicePointer(reinterpret_cast<void**>(&d_power_), h_power_, 0));
    int n[1] = {n_chan};
    cufftPlanMany(&plan_, 1, n, nullptr, 1, n_chan, nullptr, 1, n_chan, CUFFT_C2C, n_ant * n_spec_);
  }
  ~FEngine() override {
    cufftDestroy(plan_);
    cudaFreeHost(h_power_);
    cudaFree(d_spec_);
    cudaFree(d_volts_);
    cudaFree(d_taps_);
  }

  const char* name() const override { return "fengine"; }

  void process(Block& blk) override {
    cudaMemcpyAsync(d_volts_, blk.host_volts, volt_bytes(), cudaMemcpyHostToDevice, blk.stream);
    const int threads = 256;
    const int total = static_cast<int>(spec_count());
    pfb_fir<<<(total + threads - 1) / threads, threads, 0, blk.stream>>>(
        d_volts_, d_taps_, d_spec_, n_ant_, n_chan_, n_tap_, n_time_);
    cufftSetStream(plan_, blk.stream);
    cufftExecC2C(plan_, d_spec_, d_spec_, CUFFT_FORWARD);
    band_power<<<(n_chan_ + threads - 1) / threads, threads, 0, blk.stream>>>(
        d_spec_, d_power_, n_ant_, n_chan_, n_spec_);
    blk.d_spectra = reinterpret_cast<cuComplex*>(d_spec_);
  }

 private:
  size_t volt_bytes() const { return static_cast<size_t>(n_ant_) * n_chan_ * n_time_ * 2; }
  size_t spec_count() const { return static_cast<size_t>(n_ant_) * n_chan_ * n_spec_; }

  int n_ant_, n_chan_, n_tap_, n_time_, n_spec_ = 0;
  float* d_taps_ = nullptr;
  int8_t* d_volts_ = nullptr;
  cufftComplex* d_spec_ = nullptr;
  float* h_power_ = nullptr;
  float* d_power_ = nullptr;
  cufftHandle plan_{};
};

std::unique_ptr<Stage> make_fengine(const std::string& taps_path, int n_ant, int n_chan,
                                    int n_tap, int n_time) {
  return std::make_unique<FEngine>(taps_path, n_ant, n_chan, n_tap, n_time);
}

}  // namespace cb
