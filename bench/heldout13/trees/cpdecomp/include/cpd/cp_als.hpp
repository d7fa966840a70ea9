#pragma once
#include <string>

#include "types.hpp"

namespace cpd {

class SparseTensor {
 public:
  explicit SparseTensor(const CooData& coo);
  int nmodes() const { return nmodes_; }
  int64_t nnz() const { return nnz_; }
  const std::vector<int64_t>& dims() const { return dims_; }
  const DevIndex& idx() const { return idx_d_; }
  const Kokkos::View<double*, Device>& vals() const { return vals_d_; }
  double norm() const { return norm_; }

 private:
  int nmodes_;
  int64_t nnz_;
  std::vector<int64_t> dims_;
  double norm_ = 0.0;
  PinnedIndex idx_h_;
  Kokkos::View<double*, HostPinned> vals_h_;
  DevIndex idx_d_;
  Kokkos::View<double*, Device> vals_d_;
};

// CP decomposition by alternating least squares (one MTTKRP per mode per iteration).
class CpAls {
 public:
  CpAls(const SparseTensor& t, int rank, uint64_t seed);
  double iterate();
  std::vector<std::vector<double>> factors() const;
  std::vector<double> weights() const;

 private:
  PinnedMatrix stage_factor(int mode) const;
  void mttkrp(int mode);
  void solve(int mode);
  void normalize_columns();
  void ensure_gram(std::size_t n);
  double fit() const;

  const SparseTensor& t_;
  int rank_;
  std::vector<DevMatrix> factors_d_;
  DevMatrix m_d_;
  std::vector<double> lambda_;
  PinnedVector<double> gram_;
};

CooData read_tns(const std::string& path, std::size_t nnz_hint);

}  // namespace cpd
