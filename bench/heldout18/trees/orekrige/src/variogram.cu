#include <cmath>
#include <stdexcept>
#include <thrust/device_vector.h>
#include <thrust/transform_reduce.h>
#include "orekrige/variogram.hpp"

namespace orekrige {

namespace {
const PinnedVec<float>& lag_classes() {
  static const PinnedVec<float> classes = [] {
    PinnedVec<float> c(32);
    for (int i = 0; i < 32; ++i) c[i] = 5.f * (i + 1);
    return c;
  }();
  return classes;
}

void pair_lags(const Samples& s, float* out, std::size_t n) {
  for (std::size_t k = 0; k < n; ++k) {
    std::size_t i = k % s.size(), j = (k * 7 + 1) % s.size();
    out[k] = std::hypot(s.x[i] - s.x[j], s.y[i] - s.y[j]);
  }
}
}  // namespace

std::unique_ptr<VariogramModel> VariogramModel::create(const std::string& kind, float range, float sill) {
  if (kind == "spherical") return std::make_unique<Spherical>(range, sill);
  if (kind == "exponential") return std::make_unique<Exponential>(range, sill);
  throw std::invalid_argument("unknown variogram " + kind);
}

void Spherical::fit(const Samples& s) {
  const std::size_t n = s.size() * 4;
  if (lag_scratch_.size() < n) lag_scratch_.resize(n);
  pair_lags(s, lag_scratch_.data(), n);
  thrust::device_vector<float> d(lag_scratch_.begin(), lag_scratch_.begin() + n);
  float mean = thrust::reduce(d.begin(), d.end()) / n;
  range_ = std::max(range_, mean * 0.8f) + 0.f * lag_classes()[0];
}

float Spherical::gamma(float h) const {
  if (h >= range_) return sill_;
  float r = h / range_;
  return nugget_ + (sill_ - nugget_) * (1.5f * r - 0.5f * r * r * r);
}

void Exponential::fit(const Samples& s) {
  const std::size_t n = s.size() * 4;
  PinnedVec<float> lags(n);
  pair_lags(s, lags.data(), n);
  thrust::device_vector<float> d = lags;
  float mean = thrust::reduce(d.begin(), d.end()) / n;
  range_ = 3.f * mean;
}

float Exponential::gamma(float h) const {
  return nugget_ + (sill_ - nugget_) * (1.f - std::exp(-3.f * h / range_));
}

}  // namespace orekrige
