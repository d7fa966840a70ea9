#pragma once
#include <pybind11/numpy.h>

#include <cstddef>

#include "views.hpp"

namespace py = pybind11;

namespace solute {

// Explicit solute diffusion with partition at the interface, on the phase-field grid.
class SoluteSolver {
 public:
  SoluteSolver(int nx, int ny, double diffusivity, double partition);

  // One diffusion sub-step driven by the current phase field (nx*ny, float32).
  double step(py::array_t<float, py::array::c_style> phi, double dt);
  // Appends the current mean liquid concentration profile along x to the history.
  void record();
  py::array_t<double> concentration() const;
  py::array_t<double> history() const;

 private:
  int nx_, ny_;
  size_t n_;
  double D_, k_;
  DevView c_, c_new_, phi_;
  HostView conc_host_;
  HostView history_;
  size_t history_len_ = 0;
};

}  // namespace solute
