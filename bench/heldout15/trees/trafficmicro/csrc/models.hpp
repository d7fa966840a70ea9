#pragma once

#include "sim.hpp"

namespace traffic {

struct IdmParams {
  float a_max = 1.4f;    // m/s^2
  float b_comf = 2.0f;   // m/s^2
  float s0 = 2.0f;       // m
  float headway = 1.2f;  // s
  float delta = 4.0f;
};

struct GippsParams {
  float a_max = 1.7f;
  float b_max = -3.0f;
  float tau = 0.67f;
  float s0 = 6.5f;
};

}  // namespace traffic
