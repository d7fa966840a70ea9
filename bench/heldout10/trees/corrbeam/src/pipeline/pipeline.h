#pragma once
#include <memory>
#include <string>
#include <vector>
#include "beamform/weights.h"
#include "common/stage.h"
#include "ingest/packet_rx.h"
#include "xengine/xengine.cuh"

namespace cb {

std::vector<cuComplex> solve_gains(const cuComplex* d_vis, int n_ant, int n_chan, int n_iter);

struct PipelineConfig {
  RxConfig rx;
  std::string taps_path = "pfb_taps.bin";
  std::string weights_path = "weights.bin";
  int n_tap = 8;
  int n_beam = 4;
  int dump_every = 64;          // blocks per integration
  bool flag_rfi = true;
  float rfi_threshold = 0.3f;
  int calibrate_every = 0;      // dumps between gain solutions, 0 = never
  std::vector<std::string> beam_outputs{"filterbank"};
};

class Pipeline {
 public:
  explicit Pipeline(const PipelineConfig& cfg)
      : cfg_(cfg), xe_(cfg.rx.n_ant, cfg.rx.n_chan, cfg.rx.n_time - cfg.n_tap + 1) {
    weights_ = WeightTable::load(cfg.weights_path, cfg.n_beam, cfg.rx.n_ant, cfg.rx.n_chan);
    stages_.push_back(make_fengine(cfg.taps_path, cfg.rx.n_ant, cfg.rx.n_chan, cfg.n_tap, cfg.rx.n_time));
    if (cfg.flag_rfi) stages_.push_back(make_rfi_flagger(cfg.rx.n_chan, cfg.rfi_threshold));
    stages_.push_back(make_beamformer(cfg.n_beam, cfg.rx.n_ant, cfg.rx.n_chan,
                                      cfg.rx.n_time - cfg.n_tap + 1, *weights_, cfg.beam_outputs));
    cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking);
  }
  ~Pipeline() { cudaStreamDestroy(stream_); }

  void set_sink(VisSink sink) { sink_ = std::move(sink); }

  Block make_block(uint64_t seq) const {
    Block blk;
    blk.seq = seq;
    blk.n_ant = cfg_.rx.n_ant;
    blk.n_chan = cfg_.rx.n_chan;
    blk.n_time = cfg_.rx.n_time;
    blk.stream = stream_;
    return blk;
  }

  // One block through every stage; every dump_every blocks an integration is dumped.
  void step(Block& blk) {
    for (auto& stage : stages_) stage->process(blk);
    xe_.accumulate(blk);
    if (++since_dump_ == cfg_.dump_every) {
      since_dump_ = 0;
      xe_.integrate(stream_, valid_, sink_);
      ++dumps_;
      if (cfg_.calibrate_every > 0 && dumps_ % cfg_.calibrate_every == 0) calibrate();
    }
  }

  void calibrate() {
    std::vector<cuComplex> gains = solve_gains(xe_.device_vis(), cfg_.rx.n_ant, cfg_.rx.n_chan, 6);
    weights_->apply_gains(gains, stream_);
  }

  uint64_t dumps() const { return dumps_; }
  const XEngine& xengine() const { return xe_; }

 private:
  PipelineConfig cfg_;
  XEngine xe_;
  std::unique_ptr<WeightTable> weights_;
  std::vector<std::unique_ptr<Stage>> stages_;
  std::vector<int> valid_;
  VisSink sink_ = [](uint64_t, const cuComplex*, size_t) {};
  cudaStream_t stream_ = nullptr;
  int since_dump_ = 0;
  uint64_t dumps_ = 0;
};

}  // namespace cb
