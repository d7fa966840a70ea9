#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>
#include "orekrige/pinned.hpp"
#include "orekrige/types.hpp"
#include "orekrige/variogram.hpp"

namespace orekrige {

class Estimator {
 public:
  Estimator(std::size_t capacity, const std::string& variogram);
  void load_drillholes(const std::string& path);
  BlockResult krige_block(int block_id, const Samples& neighbours);
  std::vector<float> cross_validate(int folds);
  void on_block(std::function<void(const BlockResult&)> cb) { on_block_ = std::move(cb); }

 private:
  std::size_t cap_;
  std::vector<PinnedBlock<float>> ring_;
  std::size_t ring_pos_ = 0;
  HostPtr drill_;
  std::size_t n_drill_ = 0;
  std::vector<std::unique_ptr<VariogramModel>> models_;
  std::function<void(const BlockResult&)> on_block_;
  cudaStream_t stream_{};
};

std::vector<float> simulate(const Samples& conditioning, int n_realizations, std::size_t n_nodes);
std::vector<float> load_block_model(const std::string& path);
int export_grades(const std::string& path, const std::vector<float>& grades);
Samples read_composites(const std::string& path);

}  // namespace orekrige
