#include <Kokkos_Random.hpp>

#include <cmath>
#include <numeric>

#include "cpd/cp_als.hpp"

namespace cpd {

CpAls::CpAls(const SparseTensor& t, int rank, uint64_t seed) : t_(t), rank_(rank), lambda_(rank, 1.0) {
  Kokkos::Random_XorShift64_Pool<Kokkos::Cuda> pool(seed);
  for (int m = 0; m < t.nmodes(); ++m) {
    factors_d_.emplace_back("factor", t.dims()[m], rank);
    Kokkos::fill_random(factors_d_.back(), pool, 0.0, 1.0);
  }
}

PinnedMatrix CpAls::stage_factor(int mode) const {
  PinnedMatrix h(Kokkos::view_alloc(Kokkos::WithoutInitializing, "factor_stage"), t_.dims()[mode], rank_);
  Kokkos::deep_copy(h, factors_d_[mode]);
  return h;
}

void CpAls::mttkrp(int mode) {
  const int nmodes = t_.nmodes();
  const int R = rank_;
  // The mode after `mode` is checked on the host for rank deficiency before the product.
  PinnedMatrix next = stage_factor((mode + 1) % nmodes);
  for (int r = 0; r < R; ++r) {
    double s = 0.0;
    for (std::size_t i = 0; i < next.extent(0); ++i) s += std::fabs(next(i, r));
    if (s == 0.0) Kokkos::abort("cp_als: zero column in factor matrix");
  }
  m_d_ = DevMatrix("mttkrp", t_.dims()[mode], R);
  auto M = m_d_;
  auto idx = t_.idx();
  auto vals = t_.vals();
  auto A0 = factors_d_[0], A1 = factors_d_[std::min(1, nmodes - 1)], A2 = factors_d_[std::min(2, nmodes - 1)];
  Kokkos::parallel_for(
      "mttkrp", Kokkos::RangePolicy<Kokkos::Cuda>(0, t_.nnz()), KOKKOS_LAMBDA(int64_t e) {
        for (int r = 0; r < R; ++r) {
          double p = vals(e);
          if (mode != 0) p *= A0(idx(e, 0), r);
          if (mode != 1 && nmodes > 1) p *= A1(idx(e, 1), r);
          if (mode != 2 && nmodes > 2) p *= A2(idx(e, 2), r);
          Kokkos::atomic_add(&M(idx(e, mode), r), p);
        }
      });
  Kokkos::fence();
}

void CpAls::ensure_gram(std::size_t n) {
  if (gram_.size() >= n) return;
  gram_ = PinnedVector<double>(n);
}

void CpAls::solve(int mode) {
  const int R = rank_;
  ensure_gram(static_cast<std::size_t>(R) * R);
  std::fill(gram_.begin(), gram_.end(), 1.0);
  for (int m = 0; m < t_.nmodes(); ++m) {
    if (m == mode) continue;
    auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), factors_d_[m]);
    for (int a = 0; a < R; ++a)
      for (int b = 0; b < R; ++b) {
        double s = 0.0;
        for (std::size_t i = 0; i < h.extent(0); ++i) s += h(i, a) * h(i, b);
        gram_[a * R + b] *= s;
      }
  }
  for (int r = 0; r < R; ++r) gram_[r * R + r] += 1e-9;
  auto M = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m_d_);
  for (std::size_t i = 0; i < M.extent(0); ++i)
    for (int r = 0; r < R; ++r) M(i, r) /= gram_[r * R + r];
  Kokkos::deep_copy(factors_d_[mode], M);
}

void CpAls::normalize_columns() {
  const int R = rank_;
  std::fill(lambda_.begin(), lambda_.end(), 1.0);
  for (int m = 0; m < t_.nmodes(); ++m) {
    PinnedVector<double> norms(R);
    auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), factors_d_[m]);
    for (int r = 0; r < R; ++r) {
      double s = 0.0;
      for (std::size_t i = 0; i < h.extent(0); ++i) s += h(i, r) * h(i, r);
      norms[r] = std::sqrt(s) + 1e-300;
      for (std::size_t i = 0; i < h.extent(0); ++i) h(i, r) /= norms[r];
      lambda_[r] *= norms[r];
    }
    Kokkos::deep_copy(factors_d_[m], h);
  }
}

double CpAls::fit() const {
  const double l2 = std::inner_product(lambda_.begin(), lambda_.end(), lambda_.begin(), 0.0);
  return 1.0 - std::fabs(t_.norm() - std::sqrt(l2)) / t_.norm();
}

double CpAls::iterate() {
  for (int m = 0; m < t_.nmodes(); ++m) {
    mttkrp(m);
    solve(m);
  }
  normalize_columns();
  return fit();
}

std::vector<std::vector<double>> CpAls::factors() const {
  std::vector<std::vector<double>> out;
  for (const auto& f : factors_d_) {
    auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), f);
    out.emplace_back(h.data(), h.data() + h.size());
  }
  return out;
}

std::vector<double> CpAls::weights() const { return lambda_; }

}  // namespace cpd
