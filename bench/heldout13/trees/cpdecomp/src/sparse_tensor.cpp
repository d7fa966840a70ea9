#include <cmath>

#include "cpd/cp_als.hpp"

namespace cpd {

SparseTensor::SparseTensor(const CooData& coo)
    : nmodes_(static_cast<int>(coo.dims.size())), nnz_(static_cast<int64_t>(coo.vals.size())), dims_(coo.dims) {
  idx_h_ = PinnedIndex(Kokkos::view_alloc(Kokkos::WithoutInitializing, "coo_idx_h"), nnz_, nmodes_);
  vals_h_ = Kokkos::View<double*, HostPinned>("coo_vals_h", nnz_);
  for (int64_t e = 0; e < nnz_; ++e) {
    for (int m = 0; m < nmodes_; ++m) idx_h_(e, m) = coo.idx[e * nmodes_ + m];
    vals_h_(e) = coo.vals[e];
    norm_ += coo.vals[e] * coo.vals[e];
  }
  norm_ = std::sqrt(norm_);
  idx_d_ = Kokkos::create_mirror_view_and_copy(Device(), idx_h_);
  vals_d_ = Kokkos::create_mirror_view_and_copy(Device(), vals_h_);
}

}  // namespace cpd
