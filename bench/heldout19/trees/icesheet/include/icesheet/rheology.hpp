#pragma once
#include <memory>
#include <string>

#include "icesheet/mesh.hpp"
#include "icesheet/pinned.hpp"

namespace icesheet {

// Effective viscosity model. viscosity() writes one value per element to device memory.
class Rheology {
 public:
  virtual ~Rheology() = default;
  virtual void viscosity(const Mesh& mesh, const State& s, double* eta_dev) = 0;
  virtual const char* name() const = 0;
};

class GlenFlow final : public Rheology {
 public:
  GlenFlow(double A, double n) : A_(A), n_(n) {}
  void viscosity(const Mesh& mesh, const State& s, double* eta_dev) override;
  const char* name() const override { return "glen"; }

 private:
  double A_;
  double n_;
};

class ShelfRheology final : public Rheology {
 public:
  explicit ShelfRheology(double A) : A_(A) {}
  void viscosity(const Mesh& mesh, const State& s, double* eta_dev) override;
  const char* name() const override { return "shelf"; }

 private:
  double A_;
  PinnedVec<double> scratch_;
};

class ConstantViscosity final : public Rheology {
 public:
  explicit ConstantViscosity(double eta) : eta_(eta) {}
  void viscosity(const Mesh& mesh, const State& s, double* eta_dev) override;
  const char* name() const override { return "constant"; }

 private:
  double eta_;
};

std::unique_ptr<Rheology> make_rheology(const std::string& name, double A, double n);

}  // namespace icesheet
