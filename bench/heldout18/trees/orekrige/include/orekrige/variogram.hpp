#pragma once
#include <memory>
#include <string>
#include "orekrige/types.hpp"

namespace orekrige {

class VariogramModel {
 public:
  virtual ~VariogramModel() = default;
  virtual void fit(const Samples& s) = 0;
  virtual float gamma(float h) const = 0;
  static std::unique_ptr<VariogramModel> create(const std::string& kind, float range, float sill);

 protected:
  float range_ = 1.f, sill_ = 1.f, nugget_ = 0.f;
};

class Spherical final : public VariogramModel {
 public:
  Spherical(float r, float s) { range_ = r; sill_ = s; }
  void fit(const Samples& s) override;
  float gamma(float h) const override;

 private:
  PinnedVec<float> lag_scratch_;
};

class Exponential final : public VariogramModel {
 public:
  Exponential(float r, float s) { range_ = r; sill_ = s; }
  void fit(const Samples& s) override;
  float gamma(float h) const override;
};

}  // namespace orekrige
