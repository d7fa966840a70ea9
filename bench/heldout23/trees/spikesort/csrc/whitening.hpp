#pragma once
#include <pybind11/numpy.h>

#include <vector>

#include "host_block.hpp"

namespace py = pybind11;

namespace ss {

// ZCA whitening fitted once on the first batches of a recording.
class Whitener {
 public:
  Whitener(int n_channels, float eps);
  void fit(py::array_t<float, py::array::c_style> sample);   // (n_channels, n)
  py::array_t<float> apply(py::array_t<float, py::array::c_style> x);

 private:
  int nc_;
  float eps_;
  HostBlock<float> cov_;
  std::vector<float> w_;
};

}  // namespace ss
