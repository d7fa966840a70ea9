#include "icesheet/rheology.hpp"

#include <cmath>
#include <stdexcept>
#include <vector>

#include <cuda_runtime.h>

namespace icesheet {
namespace {

void strain_rates(const Mesh& mesh, const State& s, std::size_t e,
                  double& exx, double& eyy, double& exy) {
  const int a = mesh.elems[3 * e], b = mesh.elems[3 * e + 1], c = mesh.elems[3 * e + 2];
  const double x1 = mesh.x[b] - mesh.x[a], y1 = mesh.y[b] - mesh.y[a];
  const double x2 = mesh.x[c] - mesh.x[a], y2 = mesh.y[c] - mesh.y[a];
  const double det = x1 * y2 - x2 * y1;
  const double du1 = s.u[b] - s.u[a], du2 = s.u[c] - s.u[a];
  const double dv1 = s.v[b] - s.v[a], dv2 = s.v[c] - s.v[a];
  const double ux = (du1 * y2 - du2 * y1) / det, uy = (du2 * x1 - du1 * x2) / det;
  const double vx = (dv1 * y2 - dv2 * y1) / det, vy = (dv2 * x1 - dv1 * x2) / det;
  exx = ux;
  eyy = vy;
  exy = 0.5 * (uy + vx);
}

}  // namespace

void GlenFlow::viscosity(const Mesh& mesh, const State& s, double* eta_dev) {
  const std::size_t ne = mesh.n_elems;
  PinnedVec<double> eta_host(ne);
  const double expo = (1.0 - n_) / (2.0 * n_);
  const double pre = 0.5 * std::pow(A_, -1.0 / n_);
  for (std::size_t e = 0; e < ne; ++e) {
    double exx, eyy, exy;
    strain_rates(mesh, s, e, exx, eyy, exy);
    const double eff = exx * exx + eyy * eyy + exx * eyy + exy * exy + 1e-20;
    eta_host[e] = pre * std::pow(eff, expo);
  }
  cudaMemcpy(eta_dev, thrust::raw_pointer_cast(eta_host.data()), ne * sizeof(double),
             cudaMemcpyHostToDevice);
}

void ShelfRheology::viscosity(const Mesh& mesh, const State& s, double* eta_dev) {
  const std::size_t ne = mesh.n_elems;
  if (scratch_.size() < ne) {
    scratch_.resize(ne);
  }
  const double pre = 0.5 * std::pow(A_, -1.0 / 3.0);
  for (std::size_t e = 0; e < ne; ++e) {
    double exx, eyy, exy;
    strain_rates(mesh, s, e, exx, eyy, exy);
    const double eff = exx * exx + eyy * eyy + exx * eyy + exy * exy + 1e-20;
    scratch_[e] = pre * std::cbrt(1.0 / eff);
  }
  cudaMemcpy(eta_dev, thrust::raw_pointer_cast(scratch_.data()), ne * sizeof(double),
             cudaMemcpyHostToDevice);
}

void ConstantViscosity::viscosity(const Mesh& mesh, const State&, double* eta_dev) {
  std::vector<double> host(mesh.n_elems, eta_);
  cudaMemcpy(eta_dev, host.data(), host.size() * sizeof(double), cudaMemcpyHostToDevice);
}

std::unique_ptr<Rheology> make_rheology(const std::string& name, double A, double n) {
  if (name == "glen") return std::make_unique<GlenFlow>(A, n);
  if (name == "shelf") return std::make_unique<ShelfRheology>(A);
  if (name == "constant") return std::make_unique<ConstantViscosity>(1.0e13);
  throw std::invalid_argument("unknown rheology: " + name);
}

}  // namespace icesheet
