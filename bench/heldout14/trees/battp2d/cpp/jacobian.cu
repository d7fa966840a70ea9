#include "jacobian.hpp"

namespace p2d {

void Jacobian::ensure(size_t n) {
  if (work_.size() >= n) return;
  work_ = PinnedVec(n + n / 2);
}

// finite-difference column k of dV/dtheta
PinnedVec Jacobian::column_block(const Params& p, int k, double c_rate) {
  const int nt = solver_.nt();
  ensure(static_cast<size_t>(nt));
  Params q = p;
  double* f = reinterpret_cast<double*>(&q) + k;
  const double h = 1e-4 * (std::abs(*f) + 1e-6);
  *f += h;
  auto vp = solver_.simulate(q, c_rate);
  auto v0 = solver_.simulate(p, c_rate);
  PinnedVec col(nt);
  for (int t = 0; t < nt; ++t) col[t] = (vp[t] - v0[t]) / h;
  return col;
}

}  // namespace p2d
