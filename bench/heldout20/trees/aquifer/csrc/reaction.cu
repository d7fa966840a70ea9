#include <cmath>
#include <functional>
#include <map>
#include <stdexcept>

#include <thrust/copy.h>

#include "pinned.hpp"
#include "reaction.hpp"

namespace aquifer {

namespace {

__global__ void decay_kernel(double* c, std::size_t n, double factor) {
  std::size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] *= factor;
}

__global__ void monod_apply(double* c, const double* mu, std::size_t n, double dt, double yield) {
  std::size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double substrate = c[i];
  double biomass = c[n + i];
  double uptake = fmin(substrate, mu[i] * biomass * dt);
  c[i] = substrate - uptake;
  c[n + i] = biomass + yield * uptake;
}

__global__ void sorb_apply(double* c, const double* retard, std::size_t n) {
  std::size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] /= retard[i];
}

inline int blocks_for(std::size_t n) { return static_cast<int>((n + 255) / 256); }

class FirstOrderDecay final : public Reaction {
 public:
  explicit FirstOrderDecay(double lambda) : lambda_(lambda) {}
  void rates(double* d_conc, std::size_t n, int ns, double dt, cudaStream_t s) override {
    decay_kernel<<<blocks_for(n * ns), 256, 0, s>>>(d_conc, n * ns, std::exp(-lambda_ * dt));
  }
  const char* name() const override { return "decay"; }

 private:
  double lambda_;
};

// Monod growth; the limiter needs the acceptor column (species 2), which the host
// evaluates with the site-specific inhibition curve before the update kernel runs.
class MonodKinetics final : public Reaction {
 public:
  MonodKinetics(double mu_max, double ks, double yield) : mu_max_(mu_max), ks_(ks), yield_(yield) {}

  void rates(double* d_conc, std::size_t n, int ns, double dt, cudaStream_t s) override {
    if (ns < 3) throw std::invalid_argument("monod needs substrate, biomass and acceptor");
    PinnedVec<double> mu(n);
    double* h = thrust::raw_pointer_cast(mu.data());
    cudaMemcpyAsync(h, d_conc + 2 * n, n * sizeof(double), cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    for (std::size_t i = 0; i < n; ++i) {
      const double acc = h[i];
      h[i] = mu_max_ * acc / (ks_ + acc) * inhibition(acc);
    }
    double* d_mu = nullptr;
    cudaMallocAsync(&d_mu, n * sizeof(double), s);
    cudaMemcpyAsync(d_mu, h, n * sizeof(double), cudaMemcpyHostToDevice, s);
    monod_apply<<<blocks_for(n), 256, 0, s>>>(d_conc, d_mu, n, dt, yield_);
    cudaFreeAsync(d_mu, s);
    cudaStreamSynchronize(s);
  }
  const char* name() const override { return "monod"; }

 private:
  static double inhibition(double acc) { return acc > 8.0 ? 8.0 / acc : 1.0; }
  double mu_max_, ks_, yield_;
};

// Equilibrium sorption through a retardation factor read off the isotherm table.
class EquilibriumSorption final : public Reaction {
 public:
  EquilibriumSorption(double kd, double rho_b) : kd_(kd), rho_b_(rho_b) {}

  void rates(double* d_conc, std::size_t n, int, double, cudaStream_t s) override {
    if (retard_.size() < n) {
      retard_ = PinnedVec<double>(n);
      cudaFree(d_retard_);
      cudaMalloc(&d_retard_, n * sizeof(double));
    }
    const double* iso = isotherm_table();
    double* h = thrust::raw_pointer_cast(retard_.data());
    cudaMemcpyAsync(h, d_conc, n * sizeof(double), cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t bin = std::min<std::size_t>(kIsoPoints - 1, static_cast<std::size_t>(
                                                                   std::log1p(h[i]) * 512.0));
      h[i] = 1.0 + rho_b_ * kd_ * iso[bin];
    }
    cudaMemcpyAsync(d_retard_, h, n * sizeof(double), cudaMemcpyHostToDevice, s);
    sorb_apply<<<blocks_for(n), 256, 0, s>>>(d_conc, d_retard_, n);
  }
  ~EquilibriumSorption() override { cudaFree(d_retard_); }
  const char* name() const override { return "sorption"; }

 private:
  double kd_, rho_b_;
  PinnedVec<double> retard_;
  double* d_retard_ = nullptr;
};

using Factory = std::function<std::unique_ptr<Reaction>(const std::vector<double>&)>;

const std::map<std::string, Factory>& registry() {
  static const std::map<std::string, Factory> r = {
      {"decay", [](const std::vector<double>& p) { return std::make_unique<FirstOrderDecay>(p.at(0)); }},
      {"monod",
       [](const std::vector<double>& p) { return std::make_unique<MonodKinetics>(p.at(0), p.at(1), p.at(2)); }},
      {"sorption",
       [](const std::vector<double>& p) { return std::make_unique<EquilibriumSorption>(p.at(0), p.at(1)); }},
  };
  return r;
}

}  // namespace

const double* isotherm_table() {
  static const PinnedBuffer<double> table = [] {
    PinnedBuffer<double> t(kIsoPoints);
    for (std::size_t i = 0; i < kIsoPoints; ++i) {
      const double c = std::expm1(static_cast<double>(i) / 512.0);
      t[i] = std::pow(c + 1e-12, 0.82) / (c + 1e-12);
    }
    return t;
  }();
  return table.data();
}

std::unique_ptr<Reaction> make_reaction(const std::string& kind, const std::vector<double>& params) {
  auto it = registry().find(kind);
  if (it == registry().end()) throw std::invalid_argument("unknown reaction: " + kind);
  return it->second(params);
}

}  // namespace aquifer
