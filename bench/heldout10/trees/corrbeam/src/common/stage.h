#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>
#include <cuComplex.h>
#include <cuda_runtime.h>

namespace cb {

// One block of voltages as it travels through the stages.
struct Block {
  uint64_t seq = 0;
  int n_ant = 0;
  int n_chan = 0;
  int n_time = 0;
  int8_t* host_volts = nullptr;      // 8-bit complex voltages, host side
  cuComplex* d_spectra = nullptr;    // channelised spectra after the F-engine
  cudaStream_t stream = nullptr;
};

class Stage {
 public:
  virtual ~Stage() = default;
  virtual const char* name() const = 0;
  virtual void process(Block& blk) = 0;
};

class WeightTable;

// Factories defined next to each stage.
std::unique_ptr<Stage> make_fengine(const std::string& taps_path, int n_ant, int n_chan,
                                    int n_tap, int n_time);
std::unique_ptr<Stage> make_rfi_flagger(int n_chan, float threshold);
std::unique_ptr<Stage> make_beamformer(int n_beam, int n_ant, int n_chan, int n_time,
                                       const WeightTable& weights,
                                       const std::vector<std::string>& outputs);

}  // namespace cb
