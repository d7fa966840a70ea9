#include <cmath>
#include <vector>

#include "whitening.hpp"

namespace ss {

namespace {
// Jacobi eigen-decomposition of a small symmetric matrix (n <= 384), in place.
void jacobi(std::vector<double>& a, std::vector<double>& v, int n) {
  v.assign(static_cast<size_t>(n) * n, 0.0);
  for (int i = 0; i < n; ++i) v[i * n + i] = 1.0;
  for (int sweep = 0; sweep < 30; ++sweep) {
    double off = 0.0;
    for (int p = 0; p < n; ++p)
      for (int q = p + 1; q < n; ++q) off += a[p * n + q] * a[p * n + q];
    if (off < 1e-18) break;
    for (int p = 0; p < n; ++p)
      for (int q = p + 1; q < n; ++q) {
        const double apq = a[p * n + q];
        if (std::fabs(apq) < 1e-20) continue;
        const double th = 0.5 * std::atan2(2 * apq, a[q * n + q] - a[p * n + p]);
        const double c = std::cos(th), s = std::sin(th);
        for (int k = 0; k < n; ++k) {
          const double akp = a[k * n + p], akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (int k = 0; k < n; ++k) {
          const double apk = a[p * n + k], aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (int k = 0; k < n; ++k) {
          const double vkp = v[k * n + p], vkq = v[k * n + q];
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
  }
}
}  // namespace

Whitener::Whitener(int n_channels, float eps)
    : nc_(n_channels), eps_(eps), cov_(static_cast<size_t>(n_channels) * n_channels) {}

void Whitener::fit(py::array_t<float, py::array::c_style> sample) {
  auto b = sample.request();
  const int n = static_cast<int>(b.shape[1]);
  const float* x = static_cast<const float*>(b.ptr);
  float* cov = cov_.data();
  for (int i = 0; i < nc_; ++i)
    for (int j = 0; j <= i; ++j) {
      double s = 0.0;
      for (int k = 0; k < n; ++k) s += double(x[i * n + k]) * x[j * n + k];
      cov[i * nc_ + j] = cov[j * nc_ + i] = static_cast<float>(s / n);
    }
  std::vector<double> a(cov, cov + static_cast<size_t>(nc_) * nc_), v;
  jacobi(a, v, nc_);
  w_.assign(static_cast<size_t>(nc_) * nc_, 0.f);
  for (int i = 0; i < nc_; ++i)
    for (int j = 0; j < nc_; ++j) {
      double s = 0.0;
      for (int k = 0; k < nc_; ++k) s += v[i * nc_ + k] * v[j * nc_ + k] / std::sqrt(a[k * nc_ + k] + eps_);
      w_[i * nc_ + j] = static_cast<float>(s);
    }
}

py::array_t<float> Whitener::apply(py::array_t<float, py::array::c_style> x) {
  auto b = x.request();
  const int n = static_cast<int>(b.shape[1]);
  const float* in = static_cast<const float*>(b.ptr);
  py::array_t<float> out({static_cast<py::ssize_t>(nc_), static_cast<py::ssize_t>(n)});
  float* o = out.mutable_data();
  for (int i = 0; i < nc_; ++i)
    for (int k = 0; k < n; ++k) {
      float s = 0.f;
      for (int j = 0; j < nc_; ++j) s += w_[i * nc_ + j] * in[j * n + k];
      o[i * n + k] = s;
    }
  return out;
}

}  // namespace ss
