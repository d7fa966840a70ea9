#pragma once
#include <pybind11/numpy.h>

#include <string>
#include <vector>

namespace py = pybind11;

namespace rnafold {

// Turner 2004 stacking / loop parameters, read from a ViennaRNA-style .par file.
class EnergyTable {
 public:
  EnergyTable() = default;
  ~EnergyTable();
  void load(const std::string& path);
  // 6x6 stacking energies (kcal/mol) for the canonical + GU pairs.
  py::array_t<float> stacking();
  size_t size() const { return raw_.size(); }

 private:
  const float* host_params();

  std::vector<float> raw_;
  float* params_ = nullptr;
  bool params_ready_ = false;
};

// Base-pair probabilities of the current batch's logits, for the F1 metric.
class PairCache {
 public:
  explicit PairCache(int max_len) : max_len_(max_len) {}
  ~PairCache();
  void invalidate();
  py::array_t<float> pair_probs(py::array_t<float, py::array::c_style> logits);

 private:
  int max_len_;
  float* probs_ = nullptr;
  bool ready_ = false;
};

}  // namespace rnafold
