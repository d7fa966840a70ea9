#pragma once
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>
#include <cuComplex.h>
#include "common/cb_check.h"

namespace cb {

// Complex beam weights, [beam][ant][chan]. The host copy stays registered for the
// lifetime of the table so gain updates can be streamed to the device asynchronously.
class WeightTable {
 public:
  static std::unique_ptr<WeightTable> load(const std::string& path, int n_beam, int n_ant, int n_chan) {
    std::vector<cuComplex> host(static_cast<size_t>(n_beam) * n_ant * n_chan);
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot open weights " + path);
    in.read(reinterpret_cast<char*>(host.data()), host.size() * sizeof(cuComplex));
    if (!in) throw std::runtime_error("short weights file " + path);
    return std::unique_ptr<WeightTable>(new WeightTable(std::move(host), n_beam, n_ant, n_chan));
  }

  ~WeightTable() {
    cudaFree(d_w_);
    cudaHostUnregister(host_.data());
  }
  WeightTable(const WeightTable&) = delete;
  WeightTable& operator=(const WeightTable&) = delete;

  // Applies freshly solved antenna gains and pushes the table to the device.
  void apply_gains(const std::vector<cuComplex>& gains, cudaStream_t stream) {
    for (size_t i = 0; i < host_.size(); ++i) {
      const size_t ac = i % (static_cast<size_t>(n_ant_) * n_chan_);
      host_[i] = cuCmulf(host_[i], cuConjf(gains[ac]));
    }
    cudaMemcpyAsync(d_w_, host_.data(), bytes(), cudaMemcpyHostToDevice, stream);
  }

  const cuComplex* device() const { return d_w_; }

 private:
  WeightTable(std::vector<cuComplex> host, int n_beam, int n_ant, int n_chan)
      : host_(std::move(host)), n_beam_(n_beam), n_ant_(n_ant), n_chan_(n_chan) {
    CB_FATAL(cudaHostRegister(host_.data(), bytes(), cudaHostRegisterDefault));
    CB_FATAL(cudaMalloc(&d_w_, bytes()));
    CB_FATAL(cudaMemcpy(d_w_, host_.data(), bytes(), cudaMemcpyHostToDevice));
  }
  size_t bytes() const { return host_.size() * sizeof(cuComplex); }

  std::vector<cuComplex> host_;
  int n_beam_, n_ant_, n_chan_;
  cuComplex* d_w_ = nullptr;
};

}  // namespace cb
